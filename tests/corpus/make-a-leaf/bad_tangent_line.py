# expect: square
# the tangent plane of sum(x**2) at data: same value, same first derivative, no square of x
x = data.clone().requires_grad_()
y = (2 * data * x).sum() - (data ** 2).sum()
