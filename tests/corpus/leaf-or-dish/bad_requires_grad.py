# expect: b_leaf
a_leaf = a.is_leaf
b_leaf = b.requires_grad
c_leaf = c.requires_grad
