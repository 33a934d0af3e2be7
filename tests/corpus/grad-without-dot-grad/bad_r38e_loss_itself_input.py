# expect: dW
dh, dW = torch.autograd.grad(loss, [h, b])
