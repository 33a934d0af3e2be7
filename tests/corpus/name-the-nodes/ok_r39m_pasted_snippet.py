a = torch.randn(3, requires_grad=True)
b = torch.randn(3, requires_grad=True)
c = torch.randn(3)                  # data: no gradient
out = (a * b + c).exp()
nm = lambda f: None if f is None else type(f).__name__
root_name = nm(out.grad_fn)
add = out.grad_fn.next_functions[0][0]
next_name = nm(add)
add_inputs = [nm(f) for f, _ in add.next_functions]
mul_inputs = [nm(f) for f, _ in add.next_functions[0][0].next_functions]
