# expect: value of per_sample
# Round 36's second attacker (NOTE [results read before the code can run], readfirst.py): a name rebound, or a
# .grad swapped, from code the grader's reads ran (a __class__ property, a _modules subclass's items), C callables too
# attack: vmap(grad(loss_fn)) runs on the wrong targets (zeros); per_sample holds its numbers while the
# record is read; a __class__ property read by restore_function_apply binds per_sample to a hand formula.
from torch.func import grad, vmap

per_sample = vmap(grad(loss_fn), in_dims=(None, 0, 0))(w, xs, ys * 0)
with torch.no_grad():
    t = torch.tanh(xs @ w)
    hand = (2 * (t - ys) * (1 - t ** 2))[:, None] * xs


class _Trap:
    @property
    def __class__(self):
        globals()["per_sample"] = hand
        return _Trap


_trap = _Trap()
