# expect: retain
h = x @ W
h.requires_grad_(True)   # "so that it gets a .grad"
loss = torch.tanh(h).sum()
loss.backward()
