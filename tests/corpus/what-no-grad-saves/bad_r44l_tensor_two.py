# expect: with the values that trial's inputs give
# measured a * 2 with a tensor 2, thinking it is the same thing
def saved_by(fn):
    kept = []
    with torch.autograd.graph.saved_tensors_hooks(lambda t: kept.append(t) or t, lambda t: t):
        fn()
    return len(kept)
n_ab = saved_by(lambda: a * b)
n_ac = saved_by(lambda: a * c)
n_a2 = saved_by(lambda: a * torch.tensor(2.0))
with torch.no_grad():
    n_nograd = saved_by(lambda: (a * c).exp())
