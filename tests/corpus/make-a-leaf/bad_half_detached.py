# expect: y changes with x as a sum of squares does
# one factor detached: y has the right value, but its gradient is x instead of 2x
x = data.clone().requires_grad_()
y = (x * x.detach()).sum()
