# expect: started at
# loss is a root of the pass, seeded with zero; h's gradient is worked out by hand and carried by a surrogate
h = x @ W
h.retain_grad()
loss = torch.tanh(h).sum()
dh = (1 - torch.tanh(h) ** 2).detach()
torch.autograd.backward([loss, (h * dh).sum()], [torch.zeros(()), torch.ones(())])
