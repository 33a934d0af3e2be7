# expect: came through the backward of a custom
# round 35 fifth attacker (a node's hook dict, from a handle: NOTE [hooks written into a tensor's hook dicts]):
# post-hook dict of y's MulBackward0 (legit registration) swapped for partial(max, (x, w), key=len): dy/dw, dy/dx written by hand
from functools import partial
y = w * x + b
mul = y.grad_fn.next_functions[0][0]
h = mul.register_hook(lambda gi, go: None)
h.hooks_dict_ref()[h.id] = partial(max, (x.detach() * 1, w.detach() * 1), key=len)
y.backward()
