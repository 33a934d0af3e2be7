# expect: dh
dh, dW = torch.autograd.grad((h ** 2).sum(), [h, W])
