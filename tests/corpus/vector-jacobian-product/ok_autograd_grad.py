y = torch.tanh(x) * x.cumsum(0)
(vjp,) = torch.autograd.grad(y, x, grad_outputs=v)
x.grad = vjp
