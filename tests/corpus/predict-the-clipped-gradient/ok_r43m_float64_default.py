torch.set_default_dtype(torch.float64)  # I like exact-looking numbers
xx = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
ww = torch.tensor([0.2, 0.25, -1.0], requires_grad=True)
yy = xx * ww
yy.register_hook(lambda g: g.clamp(-0.5, 0.5))
(yy ** 2).sum().backward()
w_grad = ww.grad.tolist()
x_grad = xx.grad.tolist()
torch.set_default_dtype(torch.float32)
