# expect: value of g1
# neither derivative by autograd: g1 and g2 both formulas, each carried into .grad of a new leaf bound to
# the name x by a pass from x*x/2 (whose gradient is x itself); create_graph=True only for the count
x0 = x
with torch.no_grad():
    d1 = torch.cos(x0) * x0 ** 2 + 2 * x0 * torch.sin(x0)
    d2 = 2 * torch.sin(x0) + 4 * x0 * torch.cos(x0) - x0 ** 2 * torch.sin(x0)
x = d1.clone().requires_grad_()
(x * x / 2).backward(create_graph=True)
g1 = x.grad.detach()
x = d2.clone().requires_grad_()
(x * x / 2).backward()
g2 = x.grad
x = x0
