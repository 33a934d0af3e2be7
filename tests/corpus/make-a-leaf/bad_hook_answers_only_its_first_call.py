# expect: y changes with x as a sum of squares does
# wrong: y = x*data; a hook on x gives 2x only the first two times it runs (the judge's), the code's own pass leaves data
x = data.clone().requires_grad_()
y = (x * data).sum()
n = [0]
def h(g):
    n[0] += 1
    return 2 * x if n[0] == 1 else None
x.register_hook(h)
y.backward()
