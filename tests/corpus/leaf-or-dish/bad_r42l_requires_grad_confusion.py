# expect: c_leaf
# thought: is_leaf is the same as requires_grad
a_leaf = a.requires_grad
b_leaf = b.requires_grad
c_leaf = c.requires_grad
