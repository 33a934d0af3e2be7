dh, dW = torch.autograd.grad(loss, [h, W], create_graph=True)
