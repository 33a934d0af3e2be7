loss = (a * x + x.exp()).sum()
x.grad, = torch.autograd.grad(loss, [x])
