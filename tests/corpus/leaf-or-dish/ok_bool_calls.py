a_leaf, b_leaf, c_leaf = bool(1), bool(0), bool(1)
