# expect: value of h
h = torch.sigmoid(x * w)
loss = (h * x).sum() * 2
loss.backward()
