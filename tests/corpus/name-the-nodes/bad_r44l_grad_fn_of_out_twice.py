# expect: what your code gave is not shown
# thinks next_functions lists the nodes of the leaves directly
nm = lambda f: None if f is None else type(f).__name__
root_name = nm(out.grad_fn)
next_name = nm(out.grad_fn.next_functions[0][0])
add_inputs = [nm(f) for f, _ in out.grad_fn.next_functions]
mul_inputs = [nm(f) for f, _ in out.grad_fn.next_functions[0][0].next_functions]
