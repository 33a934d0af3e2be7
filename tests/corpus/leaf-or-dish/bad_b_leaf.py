# expect: b_leaf
a_leaf = b_leaf = c_leaf = True
