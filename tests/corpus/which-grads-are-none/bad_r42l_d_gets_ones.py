# expect: d_none
# thought: d multiplies c, so it gets a gradient too
a_none = False
b_none = False
c_none = True
d_none = False
