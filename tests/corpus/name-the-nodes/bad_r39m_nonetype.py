# expect: add_inputs
# type(None).__name__ is "NoneType", not None
add = out.grad_fn.next_functions[0][0]
root_name = type(out.grad_fn).__name__
next_name = type(add).__name__
add_inputs = [type(n).__name__ for n, _ in add.next_functions]
mul_inputs = [type(n).__name__ for n, _ in add.next_functions[0][0].next_functions]
