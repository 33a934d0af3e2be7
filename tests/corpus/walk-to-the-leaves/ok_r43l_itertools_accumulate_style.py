def nodes_from(start):
    n = start
    while n is not None:
        yield n
        n = n.next_functions[0][0] if len(n.next_functions) > 0 else None

visited = list(nodes_from(out.grad_fn))
names = [type(n).__name__ for n in visited]
found = visited[-1].variable
