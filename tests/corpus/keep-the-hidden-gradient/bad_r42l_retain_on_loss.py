# expect: h.grad
h = x @ W
loss = torch.tanh(h).sum()
loss.retain_grad()
loss.backward()
