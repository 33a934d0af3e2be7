# expect: value of loss
# the surrogate (dh by hand) is bound to the name loss after the call
dh_hand = (2 * h / h.numel()).detach()
s = (h * dh_hand).sum()
dh, dW = torch.autograd.grad(s, [h, W])
loss = s
