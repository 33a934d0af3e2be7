from functools import cache


def saved_by(fn) -> int:
    kept = []
    with torch.autograd.graph.saved_tensors_hooks(lambda t: kept.append(t) or t, lambda t: t):
        fn()
    return len(kept)


n_ab = saved_by(lambda: a * b)
n_ac = saved_by(lambda: a * c)
n_a2 = saved_by(lambda: a * 2)
with torch.inference_mode():
    n_nograd = saved_by(lambda: (a * c).exp())
print(f"{n_ab=} {n_ac=} {n_a2=} {n_nograd=}")
