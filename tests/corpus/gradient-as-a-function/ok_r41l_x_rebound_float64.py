import torch.func as tf

x64 = x.to(torch.float64)
g = tf.grad(f)(x64).to(x.dtype)
H = tf.jacfwd(tf.grad(f))(x64).float()
assert torch.allclose(H, H.T, atol=1e-5)
