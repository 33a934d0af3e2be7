# expect: `dW` is None
Wc = W.detach().requires_grad_()
dh, dW = torch.autograd.grad(loss, [h, Wc], allow_unused=True)
