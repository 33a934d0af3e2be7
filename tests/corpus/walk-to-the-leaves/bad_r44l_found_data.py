# expect: found is the leaf itself
names = []
node = out.grad_fn
while node is not None:
    names.append(type(node).__name__)
    last = node
    node = node.next_functions[0][0] if node.next_functions else None
found = last.variable.data
