# expect: backward
y = w * x + b
gw, gx, gb = torch.autograd.grad(y, [w, x, b])
