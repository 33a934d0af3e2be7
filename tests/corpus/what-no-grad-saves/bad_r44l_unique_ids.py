# expect: with the values that trial's inputs give
# counted distinct storages, and b and a*b count as tensors saved
n = {}
for key, f in [("ab", lambda: a * b), ("ac", lambda: a * c), ("a2", lambda: a * 2)]:
    kept = []
    with torch.autograd.graph.saved_tensors_hooks(lambda t: kept.append(t) or t, lambda t: t):
        out = f()
    n[key] = len(kept) + 1   # plus the output itself, which backward needs
n_ab, n_ac, n_a2 = n["ab"], n["ac"], n["a2"]
n_nograd = 0
