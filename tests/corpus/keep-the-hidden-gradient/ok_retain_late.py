h = torch.matmul(x, W)
loss = h.tanh().sum()
h.retain_grad()
loss.backward()
