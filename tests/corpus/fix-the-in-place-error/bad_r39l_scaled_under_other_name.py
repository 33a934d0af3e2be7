# expect: value of h
h = torch.sigmoid(x * w)
h2 = h * 2
loss = (h2 * x).sum()
loss.backward()
