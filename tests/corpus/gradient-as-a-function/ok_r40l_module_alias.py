import torch.func as tf

g = tf.grad(f)(x)
H = tf.hessian(f)(x)
