# expect: b_none
a_none, b_none, c_none, d_none = False, True, True, True
