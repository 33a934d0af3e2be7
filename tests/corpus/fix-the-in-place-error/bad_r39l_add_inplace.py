# expect: in place
h = torch.sigmoid(x * w)
h = h.add_(h)
loss = (h * x).sum()
loss.backward()
