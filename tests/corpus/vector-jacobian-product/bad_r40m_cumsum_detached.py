# expect: `x.grad` differs from the expected gradient
y = torch.tanh(x) * x.cumsum(0).detach()
y.backward(v)
