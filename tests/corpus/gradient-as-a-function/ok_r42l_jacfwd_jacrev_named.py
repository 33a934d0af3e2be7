import torch.func as tf

df = tf.grad(f)
g = df(x)
H = tf.jacfwd(df)(x)
