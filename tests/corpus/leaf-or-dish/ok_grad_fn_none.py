# a leaf is a tensor without a grad_fn
a_leaf = a.grad_fn is None
b_leaf = b.grad_fn is None
c_leaf = c.grad_fn is None
