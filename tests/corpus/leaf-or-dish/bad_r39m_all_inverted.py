# expect: a_leaf
# thinks "leaf" means "has a grad_fn"
a_leaf = a.grad_fn is not None
b_leaf = b.grad_fn is not None
c_leaf = c.grad_fn is not None
