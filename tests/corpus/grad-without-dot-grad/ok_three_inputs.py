dh, dW, db = torch.autograd.grad([loss], [h, W, b])
