from torch.func import grad_and_value
y = torch.exp(x)
logged = (y.detach() * 0.5).sum().item()
loss = y.sum()
g, _value = grad_and_value(lambda t: torch.exp(t).sum())(x.detach())
x.grad = g
