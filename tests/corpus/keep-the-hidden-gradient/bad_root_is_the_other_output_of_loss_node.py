# expect: grad of h
# loss and q are two outputs of one UnbindBackward node; the pass starts at q, a surrogate with d(loss)/dh by hand
h = x @ W
h.retain_grad()
L = torch.tanh(h).sum()
S = (h * (1 / torch.cosh(h.detach()) ** 2)).sum()   # the hand formula (3x here scored 3x: the numbers are the surrogate's)
loss, q = torch.stack([L, S]).unbind()
q.backward()
