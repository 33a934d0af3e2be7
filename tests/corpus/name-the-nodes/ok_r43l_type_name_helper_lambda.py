nm = lambda n: n if n is None else n.__class__.__name__
root_name = nm(out.grad_fn)
add = out.grad_fn.next_functions[0][0]
next_name = nm(add)
add_inputs = [nm(fn) for fn, _idx in add.next_functions]
mul = add.next_functions[0][0]
mul_inputs = [nm(fn) for fn, _idx in mul.next_functions]
print(root_name, next_name, add_inputs, mul_inputs)
