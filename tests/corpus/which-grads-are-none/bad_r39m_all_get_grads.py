# expect: c_none
# "every tensor in the graph gets a .grad"
a_none, b_none, c_none, d_none = False, False, False, False
