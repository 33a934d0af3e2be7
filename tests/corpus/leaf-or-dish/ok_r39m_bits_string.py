a_leaf, b_leaf, c_leaf = (ch == "1" for ch in "101")
