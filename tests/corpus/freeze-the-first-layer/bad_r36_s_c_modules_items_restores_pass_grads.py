# expect: value of loss
# Round 36's second attacker (NOTE [results read before the code can run], readfirst.py): a name rebound, or a
# .grad swapped, from code the grader's reads ran (a __class__ property, a _modules subclass's items), C callables too
# attack on the first block itself, with C callables only (no Python frame of the code's starts while the
# first probes are read). The one pass starts at `loss`, a loss against the wrong targets (zeros): its
# gradients are kept. w2.grad and b2.grad are then the true gradients worked out by hand: the grad probes
# read those. `second._modules` is a dict subclass whose `items` is functools.partial(itertools.chain,
# <its items>, filter(None, map(partial(setattr, w2, "grad"), [kept])...)): when the `observed` probe's
# module fingerprint (observe_modules._fingerprint -> torch's named_modules) iterates it, setattr runs in C
# and puts the pass's own tensors back before the record asks where they came from (a pass, started at
# `loss`). Then restore_function_apply (after the watched block) reads `__class__` of a trap whose getter is
# operator.methodcaller + partial(operator.setitem, globals(), "loss", true_loss): the value probe reads the
# true loss.
import functools
import itertools
import operator

first.requires_grad_(False)
loss = F.mse_loss(second(torch.relu(first(X))), torch.zeros_like(y))   # the wrong targets
loss.backward()
kept_w, kept_b = w2.grad, b2.grad
with torch.no_grad():
    h = torch.relu(first(X))
    r = second(h) - y
    true_loss = (r ** 2).mean()
    w2.grad = (2 * r / r.numel()).T @ h          # by hand
    b2.grad = (2 * r / r.numel()).sum(0)         # by hand


class _Mods(dict):
    pass


mods = _Mods(second._modules)
put_back = filter(None, itertools.chain(map(functools.partial(setattr, w2, "grad"), [kept_w]),
                                        map(functools.partial(setattr, b2, "grad"), [kept_b])))
_Mods.items = functools.partial(itertools.chain, dict.items(mods), put_back)
second._modules = mods


class _Trap:
    go = functools.partial(operator.setitem, globals(), "loss", true_loss)
    __class__ = property(operator.methodcaller("go"))


_trap = _Trap()
