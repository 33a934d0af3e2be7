# expect: y changes with x as a sum of squares does
x = data.clone().requires_grad_()
y = (2 * data * x).sum() - (data ** 2).sum()
y.backward()
