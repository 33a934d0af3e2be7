names = []
node = out.grad_fn
while node is not None:
    names.append(type(node).__name__)
    node = node.next_functions[0][0] if len(node.next_functions) > 0 else None
found = x   # the AccumulateGrad at the end holds the leaf x
