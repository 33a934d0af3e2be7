def walk(node, acc=()):
    acc = acc + (node,)
    if not node.next_functions:
        return acc
    nxt, _ = node.next_functions[0]
    return walk(nxt, acc)

*_, leaf_node = path = walk(out.grad_fn)
names = list(map(lambda n: n.__class__.__name__, path))
found = leaf_node.variable
