# expect: replaced a gradient
# y halved through .data; a hook doubles the halved gradient on its way to x, and y is put back after
y = torch.exp(x)
half = y.data
half.mul_(0.5)
logged = half.sum().item()
loss = y.sum()
x.register_hook(lambda g: g * 2)
loss.backward()
half.mul_(2)
loss = y.sum()
