names = []
found = None
node = out.grad_fn
while node:
    names.append(node.__class__.__name__)
    if hasattr(node, "variable"):
        found = node.variable
    nxt = node.next_functions
    node = nxt[0][0] if len(nxt) > 0 else None
print(names)
