a_leaf = True
b_leaf = False
c_leaf = True
