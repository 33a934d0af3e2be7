# expect: retain_grad()
h = x @ W
h.retain_grad
loss = torch.tanh(h).sum()
loss.backward()
