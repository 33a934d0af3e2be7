# expect: b_leaf
a_leaf = True
b_leaf = None
c_leaf = True
