# ok: the one call inside a function, its results copied before they are bound
def gradients(out, wrt):
    return [g.detach().clone() for g in torch.autograd.grad(out, wrt)]

dh, dW = gradients(loss, [h, W])
