# expect: loss
h = torch.sigmoid(x * w)
h = h * 2
loss = (h * x).mean()
loss.backward()
