# expect: It is 20 times the expected value everywhere
dh, dW = torch.autograd.grad(loss, [h, W])
dh = dh * h.numel()   # "undo the mean"
