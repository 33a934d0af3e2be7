torch.manual_seed(0)   # reproducible
h = x @ W
h.retain_grad()
loss = torch.tanh(h).sum()
loss.backward()
print(h.grad)
