def clip(g):
    return g.clamp(-0.5, 0.5)

y = torch.mul(x, w)
handle = y.register_hook(clip)
torch.sum(y * y).backward()
handle.remove()
w_grad, x_grad = map(torch.Tensor.tolist, (w.grad, x.grad))
