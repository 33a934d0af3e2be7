dh, dW = torch.autograd.grad([loss], [h, W], grad_outputs=[torch.ones_like(loss)])
