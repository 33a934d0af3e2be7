# expect: call
(dh,) = torch.autograd.grad(loss, h, retain_graph=True)
(dW,) = torch.autograd.grad(loss, W)
