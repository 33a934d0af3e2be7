def has_no_grad(t):
    return not isinstance(t.grad, torch.Tensor)

a_none = has_no_grad(a)
b_none = has_no_grad(b)
c_none = has_no_grad(c)
d_none = has_no_grad(d)
