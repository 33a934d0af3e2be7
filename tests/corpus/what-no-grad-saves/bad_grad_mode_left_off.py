# expect: your code left gradient recording switched off
# right counts, but switched grad mode off for the last one and never switched it back
def count(fn):
    n = [0]
    def pack(t):
        n[0] += 1
        return t
    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        fn()
    return n[0]
n_ab = count(lambda: a * b)
n_ac = count(lambda: a * c)
n_a2 = count(lambda: a * 2)
torch.set_grad_enabled(False)
n_nograd = count(lambda: (a * c).exp())
