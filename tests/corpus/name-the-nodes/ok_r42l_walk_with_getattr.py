cls = lambda n: n.__class__.__name__ if n is not None else None
root = out.grad_fn
add = root.next_functions[0][0]
mul = add.next_functions[0][0]
root_name, next_name = cls(root), cls(add)
add_inputs = list(map(lambda p: cls(p[0]), add.next_functions))
mul_inputs = list(map(lambda p: cls(p[0]), mul.next_functions))
