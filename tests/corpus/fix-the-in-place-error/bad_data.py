# expect: grad of
h = torch.sigmoid(x * w)
h.data.mul_(2)
loss = (h * x).sum()
loss.backward()
