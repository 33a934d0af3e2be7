# expect: c_leaf
a_leaf = True
b_leaf = False
c_leaf = False   # thought: c came from an op, so it is not a leaf
