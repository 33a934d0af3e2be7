# expect: value of y
y = torch.exp(x)
loss = y.sum()
loss.backward()
y.data.mul_(0.5)
logged = y.sum().item()
