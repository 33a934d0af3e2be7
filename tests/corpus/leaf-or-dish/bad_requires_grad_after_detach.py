# expect: c_leaf
# "c is made under no_grad, so it is not part of the graph -> not a leaf"
a_leaf = True
b_leaf = False
c_leaf = c.requires_grad or (c.grad_fn is not None) or False
