# expect: must be True or False
a_leaf = [True]
b_leaf = [False]
c_leaf = [True]
