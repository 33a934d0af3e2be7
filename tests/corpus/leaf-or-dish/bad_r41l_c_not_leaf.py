# expect: c_leaf
a_leaf = True
b_leaf = False
c_leaf = False
