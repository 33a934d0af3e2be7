# expect: grad of x
h = torch.sigmoid(x * w)
h = h * 2
loss = (h * x.detach()).sum()
loss.backward()
