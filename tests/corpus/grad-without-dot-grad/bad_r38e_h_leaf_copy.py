# expect: is not in `loss`'s graph
# h is not a leaf, so make a leaf copy of it
h_leaf = h.detach().requires_grad_()
dh, dW = torch.autograd.grad(loss, [h_leaf, W], allow_unused=True)
