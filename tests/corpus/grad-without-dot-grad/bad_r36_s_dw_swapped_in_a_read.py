# expect: value of dW
# Round 36's second attacker (NOTE [results read before the code can run], readfirst.py): a name rebound, or a
# .grad swapped, from code the grader's reads ran (a __class__ property, a _modules subclass's items), C callables too
# attack: one autograd.grad call for `h` alone; dW is the rest of the chain rule by hand. While the record
# is read, dW is bound to dh (autograd's, from loss); a __class__ property read by restore_function_apply
# (after the watched block) binds dW to the hand formula before the value probes read it.
(dh,) = torch.autograd.grad(loss, [h])
with torch.no_grad():
    hand = x.T @ (dh * (1 - h ** 2))
dW = dh


class _Trap:
    @property
    def __class__(self):
        globals()["dW"] = hand
        return _Trap


_trap = _Trap()
