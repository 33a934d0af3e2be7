a_leaf, b_leaf, c_leaf = map(lambda t: t.is_leaf, [a, b, c])
