# expect: did not start at
# d(loss)/dh worked out by hand (mean of squares), then one autograd.grad
# call from h itself, seeded with it: dh comes back as the seed
seed = 2 * h.detach() / h.numel()
dh, dW = torch.autograd.grad(h, [h, W], grad_outputs=seed)
