from contextlib import nullcontext

def count(expr, ctx=nullcontext):
    seen = []
    with ctx():
        with torch.autograd.graph.saved_tensors_hooks(seen.append, lambda t: t):
            expr()
    return len(seen)

counts = {
    "ab": count(lambda: a * b),
    "ac": count(lambda: a * c),
    "a2": count(lambda: a * 2),
    "nograd": count(lambda: (a * c).exp(), torch.no_grad),
}
n_ab, n_ac, n_a2, n_nograd = (counts[k] for k in ("ab", "ac", "a2", "nograd"))
print(counts)
