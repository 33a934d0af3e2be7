# expect: b_leaf
# asks a detached copy of b instead of b
a_leaf = a.is_leaf
b_leaf = b.detach().is_leaf
c_leaf = c.is_leaf
