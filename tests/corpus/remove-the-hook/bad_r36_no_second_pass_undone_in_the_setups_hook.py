# expect: was set by your code
# Round 36's attacker (NOTE [results read before the code can run], readfirst.py):
# loss2's pass is run on half of loss2 (w.grad = 1.5 w^2, noted as a clean pass's). The code then writes
# w.grad = 3 w^2 by hand. The grad probe reads those hand numbers; the next check's probe runs a pass through
# w, whose setup hook calls `_reached.append`: `_reached` was bound again to a list of the code's whose append
# (run after observation ended) puts the half pass's tensor back in w.grad before the `observed` probe judges
# where w.grad came from.
handle = w.register_hook(lambda g: g * 100)
loss1 = (w ** 2).sum()
loss1.backward()
first = w.grad.clone()
handle.remove()
w.grad = None
loss2 = (w ** 3).sum()
(0.5 * loss2).backward()                 # the wrong numbers, from a pass
pass_grad = w.grad
with torch.no_grad():
    second = 3 * w ** 2                  # by hand
w.grad = second.clone()                  # by hand


class _Sneaky(list):
    def append(self, item):
        globals()["w"].grad = pass_grad
        return list.append(self, item)


_reached = _Sneaky(_reached)
