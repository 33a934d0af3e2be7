def hvp_of(fn, point, direction):
    point = point.detach().double().requires_grad_(True)
    (gr,) = torch.autograd.grad(fn(point), point, create_graph=True)
    (out,) = torch.autograd.grad((gr * direction.double()).sum(), point)
    return out.to(direction.dtype)

hvp = hvp_of(f, x, v)
