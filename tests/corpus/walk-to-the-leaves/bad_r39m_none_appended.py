# expect: names
# records the None it stops at
names = []
node = out.grad_fn
last = None
while True:
    names.append(type(node).__name__ if node is not None else None)
    if node is None:
        break
    last = node
    node = node.next_functions[0][0] if node.next_functions else None
found = last.variable
