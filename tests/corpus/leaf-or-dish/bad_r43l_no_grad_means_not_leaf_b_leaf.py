# expect: hidden trials only
a_leaf = True
b_leaf = True    # b is just a * 2 of a leaf
c_leaf = False
