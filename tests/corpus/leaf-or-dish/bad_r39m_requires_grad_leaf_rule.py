# expect: c_leaf
# "a leaf is a tensor that requires grad and has no grad_fn"
a_leaf = a.requires_grad and a.grad_fn is None
b_leaf = b.requires_grad and b.grad_fn is None
c_leaf = c.requires_grad and c.grad_fn is None
