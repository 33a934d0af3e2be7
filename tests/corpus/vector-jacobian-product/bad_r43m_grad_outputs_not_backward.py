# expect: Did you call backward()?
y = torch.tanh(x) * x.cumsum(0)
(vjp,) = torch.autograd.grad(y, x, grad_outputs=v)
print(f"vjp = {vjp}")
