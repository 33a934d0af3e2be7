# ok: x.grad from torch.func.grad of the loss (an equivalent API), the log from a detached copy
# gradient from torch.func.grad of the same loss
y = torch.exp(x)
logged = 0.5 * y.detach().sum().item()
loss = y.sum()
x.grad = torch.func.grad(lambda t: torch.exp(t).sum())(x.detach())
