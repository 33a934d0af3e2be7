# expect: `dW` has shape [4, 3], but the expected one has shape [3, 4]
dh, dW = torch.autograd.grad(loss, [h, W])
dW = dW.T   # "x @ W" so the gradient must be transposed
