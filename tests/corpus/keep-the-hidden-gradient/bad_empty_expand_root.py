# expect: grad of h
# rule 1 / pass-through: loss.expand(0).sum() counts as loss with an implicit seed of 1 but carries nothing
h = x @ W
h.retain_grad()
loss = torch.tanh(h).sum()
s = (h * (1 / torch.cosh(h.detach()) ** 2)).sum()
torch.autograd.backward([loss.expand(0).sum(), s])
