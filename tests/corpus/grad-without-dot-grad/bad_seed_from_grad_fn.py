# expect: did not start at
# seed worked out by hand; the call starts at h, not at loss, and dh is just the seed echoed back
g = h.detach() * (2.0 / h.numel())
out = torch.autograd.grad([h], [h, W], grad_outputs=[g])
dh, dW = out
