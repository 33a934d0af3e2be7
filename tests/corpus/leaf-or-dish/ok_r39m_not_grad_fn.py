# a tensor is a leaf exactly when it has no grad_fn
a_leaf = not a.grad_fn
b_leaf = not b.grad_fn
c_leaf = not c.grad_fn
