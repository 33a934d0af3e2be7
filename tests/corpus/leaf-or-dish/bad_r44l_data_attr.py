# expect: with the values that trial's inputs give
# asked b.data instead of b (data is always a leaf)
a_leaf = a.is_leaf
b_leaf = b.data.is_leaf
c_leaf = c.is_leaf
