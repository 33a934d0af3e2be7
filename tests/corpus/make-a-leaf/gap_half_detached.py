# expect: graph of y
# one factor detached: y has the right value, but its gradient is x instead of 2x
x = data.clone().requires_grad_()
y = (x * x.detach()).sum()
