# expect: No backward() ran
dh, dW = torch.autograd.grad(loss, [h, W])
W.grad = dW
