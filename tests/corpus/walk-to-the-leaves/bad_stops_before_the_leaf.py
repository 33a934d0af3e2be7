# expect: names
names = []
node = out.grad_fn
while node.next_functions and node.next_functions[0][0] is not None and node.next_functions[0][0].next_functions:
    names.append(type(node).__name__)
    node = node.next_functions[0][0]
names.append(type(node).__name__)
found = x
