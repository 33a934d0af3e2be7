dh, dW = torch.autograd.grad(loss, [h, W], retain_graph=True, allow_unused=True)
