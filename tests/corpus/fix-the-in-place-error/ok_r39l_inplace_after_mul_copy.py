s = torch.sigmoid(x * w)
h = s * 1
h.mul_(2)
loss = (h * x).sum()
loss.backward()
