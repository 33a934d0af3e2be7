# expect: grad of x
y = torch.tanh(x) * x.cumsum(0)
y.backward(gradient=torch.ones_like(y))
