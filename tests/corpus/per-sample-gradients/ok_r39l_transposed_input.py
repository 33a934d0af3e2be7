import torch.func as tf

per_sample = tf.vmap(tf.grad(loss_fn), in_dims=(None, 1, 0))(w, xs.T, ys)
