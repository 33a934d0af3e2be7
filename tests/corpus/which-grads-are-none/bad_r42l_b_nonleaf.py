# expect: b_none
# thought: only leaves ever get .grad
a_none = False
b_none = True
c_none = True
d_none = True
