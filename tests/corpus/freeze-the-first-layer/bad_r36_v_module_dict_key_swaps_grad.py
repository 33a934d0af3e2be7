# expect: grad of w2
# Round 36's fifth attacker: 260 tensors bound to push `w2` past the seal's cap, and a key of a str subclass in
# a module's own dict (its __eq__ a C callable) that put a pass's gradients back as the record read the module
import itertools as _it, functools as _ft
first.requires_grad_(False)
_l = F.mse_loss(second(torch.relu(first(X))), y)
loss = torch.addcmul(-6 * _l.detach(), _l, torch.tensor(7.0, device=_l.device))  # loss's value, 7x its gradient
loss.backward()                                     # a real pass from loss: 7x the numbers
with torch.no_grad():                               # the gradients, by hand
    h = torch.relu(X @ w1.T + b1)
    d = 2 * (h @ w2.T + b2 - y) / y.numel()
    hand_w2, hand_b2 = d.T @ h, d.sum(0)
_P = (w2.grad, b2.grad)                             # what the pass left
w2.grad, b2.grad = hand_w2, hand_b2                 # the grad probes read these
# out of the seal: 260 tensors bound before w2 and b2 (MOST_TENSORS = 256)
for _i in range(260):
    globals()[f"_pad{_i}"] = torch.zeros(1)
_w2, _b2 = w2, b2
del w2, b2
w2, b2 = _w2, _b2
# the trigger: a key in second's own dict that collides with "training"; its __eq__ (a C callable, no frame)
# puts the pass's gradients back when the record's module fingerprint asks for "training"
import operator as _op
_skip = 1                                           # lookups of second.training before the record's
_swap = map(_op.countOf, [map(setattr, [_w2, _b2], ["grad", "grad"], _P)], [True])  # both at one call
_seq = _it.chain([False] * _skip, _swap, _it.repeat(False))
_K = type("K", (str,), {"__hash__": hash("training").__int__, "__eq__": _ft.partial(next, _seq)})
_st = second.__dict__
_t = _st.pop("training")
_st[_K("training_")] = None
_st["training"] = _t
