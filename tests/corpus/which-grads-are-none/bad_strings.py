# expect: a_none
a_none, b_none, c_none, d_none = "False", "False", "True", "True"
