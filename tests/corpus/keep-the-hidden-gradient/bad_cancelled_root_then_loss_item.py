# expect: grad of h
# bad_cancelled_root_beside_surrogate.py plus `loss = loss.item()` afterwards: with loss bound to a number, the grader
# only asks that loss was among the roots, not that every root was loss
h = x @ W
h.retain_grad()
loss = torch.tanh(h).sum()
s = (h * (1 / torch.cosh(h.detach()) ** 2)).sum()
torch.autograd.backward([loss, s - loss])
loss = loss.item()
