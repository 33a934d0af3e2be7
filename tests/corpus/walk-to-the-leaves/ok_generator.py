def chain(start):
    node = start
    while node is not None:
        yield node
        node = node.next_functions[0][0] if node.next_functions else None

visited = list(chain(out.grad_fn))
names = [type(n).__qualname__ for n in visited]
found = visited[-1].variable
