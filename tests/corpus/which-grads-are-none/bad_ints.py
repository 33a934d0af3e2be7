# expect: a_none
a_none, b_none, c_none, d_none = 0, 0, 1, 1
