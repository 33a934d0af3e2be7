# expect: y changes with x as a sum of squares does
# y is not the sum of x's squares: `(x ** 2).sum() + (c * x).sum()` with c orthogonal to data, so y has the
# right value at x = data, the right graph and the right second derivative (2), but its gradient is
# `2 * x + c`, not `2 * x`. The check compares `g - 2 * x.detach()` with zeros; `detach` is a non-data
# descriptor of TensorBase, so an entry in x's own `__dict__` wins the lookup, and `x.detach()` is a
# function of the code's that hands back `data + c / 2`.
c = torch.zeros_like(data)
c[0], c[1] = data[1], -data[0]  # c . data == 0
x = data.clone().requires_grad_()
y = (x ** 2).sum() + (c * x).sum()
_detach = torch.Tensor.detach
x.__dict__["detach"] = lambda _x=x, _c=c.clone(): _detach(_x) + _c / 2
