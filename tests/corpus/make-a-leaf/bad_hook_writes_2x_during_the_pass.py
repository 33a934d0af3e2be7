# expect: y changes with x as a sum of squares does
# wrong: y is x*data; a tensor hook replaces the gradient with 2x during y's own backward
x = data.clone().requires_grad_()
y = (x * data).sum()
x.register_hook(lambda g: 2 * x.detach())
y.backward()
