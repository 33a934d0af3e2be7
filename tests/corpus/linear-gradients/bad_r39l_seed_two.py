# expect: 2 times
y = w * x + b
y.backward(torch.tensor(2.0))
