# expect: w_grad
xx = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
ww = torch.tensor([0.2, 0.25, -1.0], requires_grad=True)
yy = xx * ww
yy.register_hook(lambda g: g.clamp(-0.5, 0.5))
(yy ** 2).sum().backward()
w_grad = list(ww.grad)   # a list of 0-d tensors, not of numbers
x_grad = list(xx.grad)
