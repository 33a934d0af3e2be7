def has_no_grad(t):
    try:
        t.grad.tolist()
        return False
    except AttributeError:
        return True
a_none = has_no_grad(a)
b_none = has_no_grad(b)
c_none = has_no_grad(c)
d_none = has_no_grad(d)
