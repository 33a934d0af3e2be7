a_none, b_none, c_none, d_none = [t.grad is None for t in (a, b, c, d)]
