# expect: grad of h
# loss is a root of the pass seeded with 1e-30; the gradients come from a surrogate (h * sech^2 by hand) beside it
h = x @ W
h.retain_grad()
loss = torch.tanh(h).sum()
s = (h * (1 / torch.cosh(h.detach()) ** 2)).sum()
torch.autograd.backward([loss, s], [torch.tensor(1e-30), torch.tensor(1.0)])
