# expect: did not start at
# one call, two outputs: loss seeded with zero, a surrogate seeded with one carries dh worked out by hand
dh_hand = (2 * h / h.numel()).detach()
dh, dW = torch.autograd.grad([loss, (h * dh_hand).sum()], [h, W],
                             grad_outputs=[torch.zeros(()), torch.ones(())])
