# built the same graph myself and read it
p = torch.randn(3, requires_grad=True)
q = torch.randn(3, requires_grad=True)
r = torch.randn(3)
o = (p * q + r).exp()
n = lambda f: None if f is None else type(f).__name__
root_name = n(o.grad_fn)
next_name = n(o.grad_fn.next_functions[0][0])
add_inputs = [n(f) for f, _ in o.grad_fn.next_functions[0][0].next_functions]
mul_inputs = [n(f) for f, _ in o.grad_fn.next_functions[0][0].next_functions[0][0].next_functions]
