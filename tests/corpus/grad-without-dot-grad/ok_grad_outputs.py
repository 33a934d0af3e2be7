dh, dW = torch.autograd.grad(loss, inputs=[h, W], grad_outputs=torch.ones_like(loss))
