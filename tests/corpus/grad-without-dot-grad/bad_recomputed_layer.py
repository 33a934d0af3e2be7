# expect: did not start at
# one call, but through a recomputed layer: h2 is not the setup's h
h2 = torch.tanh(x @ W + b.detach())
loss2 = h2.pow(2).mean()
dh, dW = torch.autograd.grad(loss2, [h2, W])
