import sympy as sp
W, X, B = sp.symbols("w x b")
Y = W * X + B
at = {W: 5, X: -2, B: 4}
dw, dx, db = (float(sp.diff(Y, s).subs(at)) for s in (W, X, B))
