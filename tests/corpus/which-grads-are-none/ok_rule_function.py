def grad_is_none(t):
    kept = (t.is_leaf and t.requires_grad) or t.retains_grad
    return not kept

a_none, b_none, c_none, d_none = map(grad_is_none, (a, b, c, d))
