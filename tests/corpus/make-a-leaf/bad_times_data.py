# expect: y changes with x as a sum of squares does
# squares x by multiplying it with data (same values), so d y/d x = data, not 2x
x = data.clone().requires_grad_()
y = (x * data).sum()
