# expect: retain
h = x @ W
loss = torch.tanh(h).sum()
loss.backward()
h.retain_grad()
