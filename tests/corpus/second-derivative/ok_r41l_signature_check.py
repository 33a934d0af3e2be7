import inspect

params = inspect.signature(torch.autograd.grad).parameters
assert "create_graph" in params
(g1,) = torch.autograd.grad(y, x, create_graph=True)
(g2,) = torch.autograd.grad(g1, x)
