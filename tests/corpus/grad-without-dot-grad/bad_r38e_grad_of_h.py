# expect: dh
dh, dW = torch.autograd.grad(h.sum(), [h, W])
