# expect: b_leaf
# detach_() turns b itself into a leaf before asking
b.detach_()
a_leaf = a.is_leaf
b_leaf = b.is_leaf
c_leaf = c.is_leaf
