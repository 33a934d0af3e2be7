def cls(fn):
    if fn is None:
        return None
    return fn.__class__.__name__

root = out.grad_fn
root_name = cls(root)
add_fn = root.next_functions[0][0]
next_name = cls(add_fn)
add_inputs = []
for fn, _ in add_fn.next_functions:
    add_inputs.append(cls(fn))
mul_fn = add_fn.next_functions[0][0]
mul_inputs = []
for fn, _ in mul_fn.next_functions:
    mul_inputs.append(cls(fn))
