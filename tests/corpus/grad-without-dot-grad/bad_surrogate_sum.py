# expect: did not start at
dh_hand = (2.0 / h.numel()) * h.detach()
surrogate = (h * dh_hand).sum()
dh, dW = torch.autograd.grad(surrogate, [h, W])
