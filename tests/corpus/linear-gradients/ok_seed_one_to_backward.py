y = w * x + b
y.backward(torch.tensor(1.0))
