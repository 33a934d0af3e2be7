# ok: the hook on the square (not a leaf), and the gradient taken with autograd.grad by the code itself
x = data.clone().requires_grad_()
sq = x ** 2
y = sq.sum()
seen = []
torch.autograd.graph.register_multi_grad_hook((sq,), lambda grads: seen.append(grads[0] is not None))
g, = torch.autograd.grad(y, x, retain_graph=True)
