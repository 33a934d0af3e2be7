from torch import func as tf

g = tf.grad(f)(x)
H = tf.jacfwd(tf.jacfwd(f))(x)   # forward-over-forward works too
