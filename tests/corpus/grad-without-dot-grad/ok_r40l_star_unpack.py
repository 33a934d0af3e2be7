first, *rest = torch.autograd.grad(outputs=[loss], inputs=[h, W])
dh = first
dW = rest[0]
