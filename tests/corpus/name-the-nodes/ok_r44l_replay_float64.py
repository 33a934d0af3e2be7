# rebuilt the same expression in float64 and read that graph
a2 = torch.randn(3, dtype=torch.float64, requires_grad=True)
b2 = torch.randn(3, dtype=torch.float64, requires_grad=True)
c2 = torch.randn(3, dtype=torch.float64)
o = (a2 * b2 + c2).exp()
n = lambda f: type(f).__name__ if f is not None else None
root_name = n(o.grad_fn)
nxt = o.grad_fn.next_functions[0][0]
next_name = n(nxt)
add_inputs = [n(f) for f, _ in nxt.next_functions]
mul_inputs = [n(f) for f, _ in nxt.next_functions[0][0].next_functions]
