# expect: `x.grad` differs from the expected gradient
y = torch.tanh(x) * x.cumsum(0)
y.sum().backward(gradient=v.sum())
