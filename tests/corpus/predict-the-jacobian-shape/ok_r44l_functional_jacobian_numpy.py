import numpy as np
W = torch.randn(2, 4); b = torch.randn(2); x = torch.randn(6, 4)
f = lambda W_, b_, x_: torch.tanh(x_ @ W_.T + b_)
jW, jb, jx = torch.autograd.functional.jacobian(f, (W, b, x))
shape_x = tuple(np.array(jx.shape).tolist())
shape_W = tuple(np.array(jW.shape).tolist())
shape_b = tuple(np.array(jb.shape).tolist())
