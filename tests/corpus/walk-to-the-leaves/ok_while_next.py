names = []
node = out.grad_fn
while node.next_functions:
    names.append(type(node).__name__)
    node = node.next_functions[0][0]
names.append(type(node).__name__)   # the AccumulateGrad at the end
found = getattr(node, "variable")
