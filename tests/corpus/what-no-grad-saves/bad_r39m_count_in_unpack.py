# expect: n_ab
# counts in the unpack hook, which only runs in backward
def count(fn):
    n = [0]
    def unpack(t):
        n[0] += 1
        return t
    with torch.autograd.graph.saved_tensors_hooks(lambda t: t, unpack):
        fn()
    return n[0]

n_ab = count(lambda: a * b)
n_ac = count(lambda: a * c)
n_a2 = count(lambda: a * 2)
with torch.no_grad():
    n_nograd = count(lambda: (a * c).exp())
