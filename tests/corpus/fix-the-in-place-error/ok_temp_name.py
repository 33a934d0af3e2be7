s = torch.sigmoid(x * w)
h = 2 * s   # new tensor; sigmoid's saved output s stays intact
loss = (h * x).sum()
loss.backward()
