result: tuple = torch.autograd.grad(loss, inputs=(h, W), allow_unused=False, retain_graph=None)
dh = result[0].clone()
dW = result[-1].clone()
assert dh.shape == h.shape and dW.shape == W.shape
