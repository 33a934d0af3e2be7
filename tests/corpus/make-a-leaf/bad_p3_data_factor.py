# expect: y changes with x as a sum of squares does
# .data for the second factor: the right value, but autograd sees only one x
x = data.clone().requires_grad_()
y = (x * x.data).sum()
