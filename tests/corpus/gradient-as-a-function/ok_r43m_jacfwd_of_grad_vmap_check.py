import torch.func as tf

g = tf.grad(f)(x)
H = tf.jacfwd(tf.grad(f))(x)
assert torch.allclose(H, H.T), "Hessian should be symmetric"
print(f"g = {g}\nH =\n{H}")
