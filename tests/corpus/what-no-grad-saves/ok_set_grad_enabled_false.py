# round 32's learner: correct, unlike the reference
def count(fn):
    n = [0]
    def pack(t):
        n[0] += 1
        return t
    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        fn()
    return n[0]
n_ab = count(lambda: torch.mul(a, b))
n_ac = count(lambda: a.mul(c))
n_a2 = count(lambda: a.mul(2))
with torch.set_grad_enabled(False):
    n_nograd = count(lambda: torch.exp(a * c))
