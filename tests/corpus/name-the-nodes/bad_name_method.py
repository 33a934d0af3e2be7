# expect: mul_inputs
root = out.grad_fn
root_name = root.name()
add = root.next_functions[0][0]
next_name = add.name()
add_inputs = [None if n is None else n.name() for n, _ in add.next_functions]
mul_inputs = [n.name() for n, _ in add.next_functions[0][0].next_functions]
