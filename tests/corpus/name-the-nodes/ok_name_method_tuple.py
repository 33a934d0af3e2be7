root_name = out.grad_fn.name()
add = out.grad_fn.next_functions[0][0]
next_name = add.name()
add_inputs = tuple(None if fn is None else type(fn).__name__ for fn, _ in add.next_functions)
mul_inputs = tuple(type(fn).__name__ for fn, _ in add.next_functions[0][0].next_functions)
