def none_grad(t):
    return type(t.grad).__name__ == "NoneType"

a_none = none_grad(a)
b_none = none_grad(b)
c_none = none_grad(c)
d_none = none_grad(d)
