grads = torch.autograd.grad(loss, [h, W])
dh = grads[0] * 1
dW = grads[1] + 0
