# a leaf is a tensor without grad_fn
a_leaf = a.grad_fn is None and True
b_leaf = not (b.grad_fn is not None)
c_leaf = bool(c.grad_fn is None)
