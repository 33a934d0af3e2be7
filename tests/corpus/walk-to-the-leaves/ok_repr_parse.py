names = []
node = out.grad_fn
last = None
while node:
    names.append(repr(node)[1:].split(" ")[0])   # "<ExpBackward0 object at 0x...>"
    last, node = node, (node.next_functions or ((None, 0),))[0][0]
found = last.variable
print(names)
