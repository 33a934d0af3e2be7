with torch.no_grad():
    dh, dW = torch.autograd.grad(loss, [h, W])
