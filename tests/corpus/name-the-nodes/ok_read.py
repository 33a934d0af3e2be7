node = out.grad_fn
root_name = node.name()
add = node.next_functions[0][0]
next_name = add.name()
add_inputs = [type(n).__name__ if n is not None else None for n, _ in add.next_functions]
mul = add.next_functions[0][0]
mul_inputs = [type(n).__name__ for n, _ in mul.next_functions]
