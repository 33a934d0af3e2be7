names = []
node = out.grad_fn
while True:
    names.append(type(node).__name__)
    if not node.next_functions:
        break
    node = node.next_functions[0][0]
found = node.variable
