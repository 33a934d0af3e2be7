# vector-jacobian-product: a logging node pre-hook and a tensor hook that return nothing
seen = []
y = torch.tanh(x) * x.cumsum(0)
y.grad_fn.register_prehook(lambda g: seen.append(g[0].shape) or None)
x.register_hook(lambda g: seen.append(g.norm().item()) or None)
y.backward(gradient=v)
