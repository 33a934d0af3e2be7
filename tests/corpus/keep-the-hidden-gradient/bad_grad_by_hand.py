# expect: retain
h = x @ W
loss = torch.tanh(h).sum()
loss.backward()
h.grad = (1 - torch.tanh(h) ** 2).detach()
