w = nn.Parameter(init.clone())
handle = w.register_hook(lambda g: print("grad of w", g))
try:
    out = data @ w
    out.sum().backward()
finally:
    handle.remove()
