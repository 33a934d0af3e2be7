names = []
node = out.grad_fn
for _ in range(100):
    names.append(node.__class__.__name__)
    if len(node.next_functions) == 0:
        break
    node = node.next_functions[0][0]
found = node.variable
print(names)
