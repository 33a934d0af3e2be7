h = torch.sigmoid(x * w).mul(2)
loss = (h * x).sum()
loss.backward()
