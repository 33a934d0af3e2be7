# expect: c_none
a_none = not a.requires_grad
b_none = not b.requires_grad
c_none = not c.requires_grad
d_none = not d.requires_grad
