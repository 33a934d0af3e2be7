# expect: n_a2
# one list for every measurement, never emptied: running totals
packed = []
def count(fn):
    with torch.autograd.graph.saved_tensors_hooks(lambda t: packed.append(t) or t, lambda t: t):
        fn()
    return len(packed)

n_ab = count(lambda: a * b)
n_ac = count(lambda: a * c)
n_a2 = count(lambda: a * 2)
with torch.no_grad():
    n_nograd = count(lambda: (a * c).exp())
