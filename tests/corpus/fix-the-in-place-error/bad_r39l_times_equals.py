# expect: in place
h = torch.sigmoid(x * w)
h *= 2
loss = (h * x).sum()
loss.backward()
