chain = []
node = out.grad_fn
while node is not None:
    chain.append(node)
    node = next(iter(node.next_functions), (None, 0))[0]
names = tuple(type(n).__name__ for n in chain)
found = chain[-1].variable
