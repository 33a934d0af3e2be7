# expect: each row's gradient with respect to w is that row of data
# wrong: out = data @ (2w - w.detach()) (twice the gradient); a hook halves the gradient only on its first run (the judge's)
w = nn.Parameter(init.clone())
out = data @ (2 * w - w.detach())
n = [0]
def h(g):
    n[0] += 1
    return g / 2 if n[0] == 1 else None
w.register_hook(h)
out.sum().backward()
w.grad = None
