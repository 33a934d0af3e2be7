wrt = {"h": h, "W": W}
grads = dict(zip(wrt, torch.autograd.grad(loss, list(wrt.values()))))
dh, dW = grads["h"], grads["W"]
assert W.grad is None and b.grad is None
