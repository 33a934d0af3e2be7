# expect: backward
h = x @ W
h.retain_grad()
loss = torch.tanh(h).sum()
