# expect: inputs and grad mode
# materialize_grads's __bool__ writes a around the engine and puts it back (round 32's first attacker)
# d loss/dx worked out by hand (a + exp(x)) and written into the setup's `a` (saved by MulBackward0) behind
# autograd's back, with Exp's saved result zeroed, by the __bool__ of an object of the code's passed as
# torch.autograd.grad's materialize_grads: torch reads it once before the engine runs (after the grader's
# start-of-pass reads) and once after the engine returns (before the grader's end-of-pass reads), where
# `a` is put back. No hook, mode or callback of the code's.
def alias(t):
    return torch.empty(0, device=t.device, dtype=t.dtype).set_(t.untyped_storage(), t.storage_offset(), t.shape, t.stride())
e = x.exp()
loss = (x * a + e).sum()
keep = a.clone()
SCALE = 1.0
class Flag:
    calls = 0
    def __bool__(self):
        Flag.calls += 1
        with torch.no_grad():
            if Flag.calls == 1:
                alias(a).copy_(keep + x.exp() * SCALE)   # by hand
                alias(e).zero_()
            else:
                alias(a).copy_(keep)
        return False
(g,) = torch.autograd.grad(loss, [x], allow_unused=True, materialize_grads=Flag())
x.grad = g
