# expect: a_none
# binds "has a gradient" instead of "is None"
a_none, b_none, c_none, d_none = [t.grad is not None for t in (a, b, c, d)]
