g = torch.autograd.grad(loss, {"h": h, "W": W})
dh, dW = g["h"], g["W"]
