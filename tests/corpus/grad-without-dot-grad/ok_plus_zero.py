dh, dW = torch.autograd.grad(loss + 0, [h, W])
