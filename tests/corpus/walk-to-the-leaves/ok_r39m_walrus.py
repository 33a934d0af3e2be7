node = out.grad_fn
names = [type(node).__name__]
while (nxt := node.next_functions):
    node = nxt[0][0]
    names.append(type(node).__name__)
found = node.variable
