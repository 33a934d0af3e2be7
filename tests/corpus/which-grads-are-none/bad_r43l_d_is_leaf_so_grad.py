# expect: hidden trials only
# d is a leaf, so it gets a gradient like a
a_none = False
b_none = False
c_none = True
d_none = False
