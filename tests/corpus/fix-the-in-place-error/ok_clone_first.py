h = torch.sigmoid(x * w).clone()
h.mul_(2)
loss = (h * x).sum()
loss.backward()
