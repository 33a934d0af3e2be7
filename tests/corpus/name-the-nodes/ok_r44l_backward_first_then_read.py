# run backward first to be sure the graph is "complete", then read it
out.sum().backward()
nm = lambda n: None if n is None else type(n).__name__
root_name = nm(out.grad_fn)
add = out.grad_fn.next_functions[0][0]
next_name = nm(add)
add_inputs = [nm(n) for n, _ in add.next_functions]
mul_inputs = [nm(n) for n, _ in add.next_functions[0][0].next_functions]
