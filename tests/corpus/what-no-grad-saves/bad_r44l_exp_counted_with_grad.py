# expect: with the values that trial's inputs give
# forgot to put the last one under no_grad when measuring
def saved_by(fn):
    kept = []
    with torch.autograd.graph.saved_tensors_hooks(lambda t: kept.append(t) or t, lambda t: t):
        fn()
    return len(kept)
n_ab = saved_by(lambda: a * b)
n_ac = saved_by(lambda: a * c)
n_a2 = saved_by(lambda: a * 2)
n_nograd = saved_by(lambda: (a * c).exp())
