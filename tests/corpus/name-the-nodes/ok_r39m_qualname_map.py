def nm(n):
    return type(n).__qualname__ if n is not None else None

root = out.grad_fn
root_name = nm(root)
add = root.next_functions[0][0]
next_name = nm(add)
add_inputs = list(map(lambda e: nm(e[0]), add.next_functions))
mul_inputs = list(map(lambda e: nm(e[0]), add.next_functions[0][0].next_functions))
