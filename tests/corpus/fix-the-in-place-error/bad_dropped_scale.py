# expect: loss
h = torch.sigmoid(x * w)
loss = (h * x).sum()
loss.backward()
