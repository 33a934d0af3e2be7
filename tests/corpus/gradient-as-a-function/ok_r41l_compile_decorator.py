from torch.func import grad, hessian


@torch.compile(backend="aot_eager")
def derivatives(t):
    return grad(f)(t), hessian(f)(t)


g, H = derivatives(x)
