a_none = a.grad == None   # noqa: E711  (Tensor == None gives a plain False)
b_none = b.grad == None
c_none = c.grad == None
d_none = d.grad == None
