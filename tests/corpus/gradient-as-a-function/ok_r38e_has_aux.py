from torch.func import grad, hessian


def f_with_value(t):
    out = f(t)
    return out, out.detach()


g, value = grad(f_with_value, has_aux=True)(x)
H = hessian(f, argnums=0)(x)
print("f(x) =", value.item())
