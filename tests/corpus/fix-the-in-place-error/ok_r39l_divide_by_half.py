h = torch.sigmoid(x * w)
h = h / 0.5
loss = torch.dot(h, x)
loss.backward()
