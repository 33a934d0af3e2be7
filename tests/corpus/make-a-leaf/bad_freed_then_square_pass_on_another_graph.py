# expect: y changes with x as a sum of squares does
# wrong: y is x*data (gradient data); its own backward frees the graph, then a pass on another graph leaves 2x
x = data.clone().requires_grad_()
y = (x * data).sum()
y.backward()
x.grad = None
(x ** 2).sum().backward()
