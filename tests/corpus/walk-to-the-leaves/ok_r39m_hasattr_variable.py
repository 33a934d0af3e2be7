names = []
node = out.grad_fn
while not hasattr(node, "variable"):
    names.append(type(node).__name__)
    node = node.next_functions[0][0]
names.append(type(node).__name__)
found = node.variable
