# expect: a_none
# the gradient itself instead of whether it is None
a_none, b_none, c_none, d_none = a.grad, b.grad, c.grad, d.grad
