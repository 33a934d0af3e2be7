leaf = {name: t.grad_fn is None for name, t in zip("abc", (a, b, c))}
a_leaf = leaf["a"]
b_leaf = leaf["b"]
c_leaf = leaf["c"]
