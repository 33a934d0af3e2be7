# expect: value of h
h = torch.sigmoid(2 * x * w)
loss = (h * x).sum()
loss.backward()
