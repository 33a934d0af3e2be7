names = ("h", "W")
grads = dict(zip(names, torch.autograd.grad(loss, [h, W], materialize_grads=True)))
dh = grads["h"]
dW = grads["W"]
