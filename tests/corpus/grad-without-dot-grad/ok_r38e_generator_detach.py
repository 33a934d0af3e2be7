dh, dW = (g.detach() for g in torch.autograd.grad(outputs=(loss,), inputs=[h, W], is_grads_batched=False))
