y = torch.tanh(x) * x.cumsum(0)
y.backward(v)
x.grad = x.grad.contiguous().clone()
