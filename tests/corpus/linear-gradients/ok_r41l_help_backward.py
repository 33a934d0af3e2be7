help(torch.Tensor.backward)
y = w * x + b
y.backward()
