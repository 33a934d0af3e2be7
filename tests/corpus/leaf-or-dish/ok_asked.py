a_leaf, b_leaf, c_leaf = (t.is_leaf for t in (a, b, c))
