# expect: with the values that trial's inputs give
# measured on detached copies to be safe
ad, cd = a.detach(), c.detach()
def saved_by(fn):
    kept = []
    with torch.autograd.graph.saved_tensors_hooks(lambda t: kept.append(t) or t, lambda t: t):
        fn()
    return len(kept)
n_ab = saved_by(lambda: ad * b)
n_ac = saved_by(lambda: ad * cd)
n_a2 = saved_by(lambda: ad * 2)
with torch.no_grad():
    n_nograd = saved_by(lambda: (ad * cd).exp())
