def keeps_grad(t):
    if not t.requires_grad:
        return False          # data never gets one
    return t.is_leaf or t.retains_grad

a_none, b_none, c_none, d_none = [not keeps_grad(t) for t in (a, b, c, d)]
