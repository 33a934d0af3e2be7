# expect: a_none
a_none = a.grad
b_none = b.grad
c_none = c.grad
d_none = d.grad
