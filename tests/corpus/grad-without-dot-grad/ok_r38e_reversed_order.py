dW, dh = torch.autograd.grad(loss, [W, h])   # order of inputs = order of results
