# expect: did not come from a backward pass that started at
# Round 36's attacker (NOTE [results read before the code can run], readfirst.py):
# The one pass runs from a surrogate s = w*Hw + x*Hx + b*Hb carrying dy/dw, dy/dx, dy/db worked out by hand.
# `y = w * x + b` is built (for the graph check) but never passed back. An object of the code's with a
# `__class__` property sits in the namespace after `y`: the graph probe's `isinstance` on it (after the grad
# probes, after observation ended) binds `y` to the surrogate once the graph's snapshot has taken the true
# `y`, so the `observed` probe finds every gradient's pass started at `y`.
with torch.no_grad():
    Hw, Hx, Hb = x.clone(), w.clone(), torch.ones_like(b)       # by hand
s = w * Hw + x * Hx + b * Hb
s.backward()
y = w * x + b


class _Trigger:
    calls = [0]

    @property
    def __class__(self):
        _Trigger.calls[0] += 1
        if _Trigger.calls[0] == 2:          # the first is read_probes' restore_function_apply
            globals()["y"] = s
        return _Trigger


trigger = _Trigger()
