import torch.func as tf

g = tf.grad(f)(x)
H = tf.jacrev(tf.grad(f))(x)
