import sympy as sp

(g1,) = torch.autograd.grad(y, x, create_graph=True)
(g2,) = torch.autograd.grad(g1, x)
s = sp.Symbol("s")
expr = sp.sin(s) * s ** 2
exact = float(sp.diff(expr, s, 2).subs(s, x.item()))
print(f"autograd {g2.item():.6f} vs sympy {exact:.6f}")
