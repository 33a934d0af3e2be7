# Measure with saved_tensors_hooks, one context for all four, resetting a counter
import torch.autograd.graph as ag
counts = {}
current = [None]
def pack(t):
    counts[current[0]] = counts.get(current[0], 0) + 1
    return t
with ag.saved_tensors_hooks(pack, lambda t: t):
    for name, fn in [("ab", lambda: a * b), ("ac", lambda: a * c), ("a2", lambda: a * 2)]:
        current[0] = name
        counts[name] = 0
        fn()
    current[0] = "nograd"
    counts["nograd"] = 0
    with torch.no_grad():
        (a * c).exp()
n_ab, n_ac, n_a2, n_nograd = counts["ab"], counts["ac"], counts["a2"], counts["nograd"]
