# I did not want to touch the given tensors, so I made my own copies
def run():
    xx = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
    ww = torch.tensor([0.2, 0.25, -1.0], requires_grad=True)
    y = xx * ww
    y.register_hook(lambda g: g.clamp(-0.5, 0.5))
    (y ** 2).sum().backward()
    return ww.grad.tolist(), xx.grad.tolist()

w_grad, x_grad = run()
assert (w_grad, x_grad) == run()
