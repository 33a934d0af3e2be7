from torch.func import grad, jvp, vmap
grad_f = grad(f)
g = grad_f(x)
def column(direction):
    return jvp(grad_f, (x,), (direction,))[1]
H = vmap(column, out_dims=1)(torch.eye(len(x), device=x.device, dtype=x.dtype))
