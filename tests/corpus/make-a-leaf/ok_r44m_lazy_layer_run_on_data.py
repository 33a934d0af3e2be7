# A lazy layer run once on the data (its weight turns into an nn.Parameter then), beside the answer
layer = nn.LazyLinear(2)
feat = layer(data.unsqueeze(0))
weight = layer.weight
x = data.clone().requires_grad_()
y = (x ** 2).sum()
y.backward()
print(type(weight).__name__, feat.shape)
