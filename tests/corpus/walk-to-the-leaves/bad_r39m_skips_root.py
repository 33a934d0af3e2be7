# expect: names
# starts one step too far: out.grad_fn's own name is missing
names = []
node = out.grad_fn.next_functions[0][0]
while node is not None:
    names.append(type(node).__name__)
    last = node
    node = node.next_functions[0][0] if node.next_functions else None
found = last.variable
