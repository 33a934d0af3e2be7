h = 2 * (x * w).sigmoid()
loss = torch.sum(h * x)
loss.backward()
