from torch.autograd.functional import jacobian

W0, b0 = torch.randn(2, 4), torch.randn(2)
x0 = torch.randn(6, 4)
f = lambda W, b, inp: torch.tanh(inp @ W.T + b)
jW, jb, jx = jacobian(f, (W0, b0, x0))
shape_x = jx.shape
shape_W = jW.shape
shape_b = jb.shape
