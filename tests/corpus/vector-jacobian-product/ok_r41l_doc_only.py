print(torch.Tensor.backward.__doc__.splitlines()[0])
print(torch.Tensor.backward.__name__, torch.Tensor.backward.__wrapped__ if hasattr(torch.Tensor.backward, "__wrapped__") else "")
y = torch.tanh(x) * x.cumsum(0)
y.backward(gradient=v)
