dh, dW = torch.autograd.grad(loss, (t for t in (h, W)))
