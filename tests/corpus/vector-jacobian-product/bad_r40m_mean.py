# expect: It is 0.2 times the expected gradient everywhere
y = torch.tanh(x) * x.cumsum(0)
(y * v).mean().backward()
