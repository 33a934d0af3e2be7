names = []
node = out.grad_fn
last = None
while node is not None:
    names.append(type(node).__name__)
    last = node
    node = node.next_functions[0][0] if node.next_functions else None
found = last.variable
# check it really is the leaf: a backward pass should fill its grad
out.sum().backward()
assert found.grad is not None
print(names, found.grad)
