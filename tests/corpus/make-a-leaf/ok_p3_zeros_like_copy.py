# an empty leaf first, then the values copied in without recording
x = torch.zeros_like(data, requires_grad=True)
with torch.no_grad():
    x.copy_(data)
y = (x ** 2).sum()
