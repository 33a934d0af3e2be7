# expect: a_leaf
a_leaf, b_leaf, c_leaf = 1, 0, 1
