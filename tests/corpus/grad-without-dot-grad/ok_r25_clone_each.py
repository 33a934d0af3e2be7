dh, dW = torch.autograd.grad(loss, [h, W])
dh = dh.clone()
dW = dW.clone()
