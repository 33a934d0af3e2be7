a_none, b_none, c_none, d_none = map(bool, (0, 0, 1, 1))
