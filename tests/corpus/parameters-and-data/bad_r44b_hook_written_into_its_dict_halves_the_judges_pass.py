# expect: each row's gradient with respect to w is that row of data
# wrong: out = data @ (2w - w.detach()): twice the gradient (bad_twice_the_gradient_halved_on_first_call.py). Trick: the
# halving hook is written straight into the hook dict behind a registered handle, so quiet_when_judging never wraps it:
# it halves the early judge's pass (its first call) and leaves the code's own out.sum().backward() alone (w.grad is 2x).
w = nn.Parameter(init.clone())
out = data @ (2 * w - w.detach())
n = [0]
def h(g):
    n[0] += 1
    return g / 2 if n[0] == 1 else None
_h = w.register_hook(lambda g: None)
_h.hooks_dict_ref()[_h.id] = h
out.sum().backward()
