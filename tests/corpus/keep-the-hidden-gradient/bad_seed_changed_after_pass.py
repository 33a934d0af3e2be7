# expect: grad of h
# rule 1: loss's seed 1e-30 at the pass, filled with 1 afterwards
h = x @ W
h.retain_grad()
loss = torch.tanh(h).sum()
seed = torch.tensor(1e-30)
loss.backward(seed, retain_graph=True)
s = (h * (1 / torch.cosh(h.detach()) ** 2)).sum()
s.backward()
seed.fill_(1.0)
