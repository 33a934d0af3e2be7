# expect: grad of h
# rule 1: loss seeded 1e-30 through the deprecated grad_variables keyword, beside a surrogate carrying the hand formula
h = x @ W
h.retain_grad()
loss = torch.tanh(h).sum()
s = (h * (1 / torch.cosh(h.detach()) ** 2)).sum()
torch.autograd.backward([loss, s], grad_variables=[torch.tensor(1e-30), torch.tensor(1.0)])
