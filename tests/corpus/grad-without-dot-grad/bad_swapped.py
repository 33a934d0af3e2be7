# expect: dh
dW, dh = torch.autograd.grad(loss, [h, W])
