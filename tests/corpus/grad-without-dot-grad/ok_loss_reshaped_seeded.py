# ok: the call starts at a view of loss (reshaped to one element), seeded with ones
out = loss.reshape(1)
dh, dW = torch.autograd.grad(out, [h, W], grad_outputs=[torch.ones(1, device=out.device)])
dW = dW.contiguous()
dh = dh.clone()
