# expect: n_nograd
# measured the exp under grad mode: a, c and exp's result
def count(fn):
    n = []
    with torch.autograd.graph.saved_tensors_hooks(lambda t: n.append(1) or t, lambda t: t):
        fn()
    return len(n)
n_ab = count(lambda: a * b)
n_ac = count(lambda: a * c)
n_a2 = count(lambda: a * 2)
n_nograd = count(lambda: (a * c).exp())
