# expect: names
names = []
found = None
node = out.grad_fn
while node is not None:
    names.append(str(node))
    found = getattr(node, "variable", found)
    node = node.next_functions[0][0] if node.next_functions else None
