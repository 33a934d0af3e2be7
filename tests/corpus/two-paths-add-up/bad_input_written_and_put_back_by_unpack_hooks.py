# expect: inputs and grad mode
# the code's saved_tensors_hooks: one unpack writes a by hand, the next puts it back (round 32's fifth attacker)
# a saved-tensor unpack hook (no tensor/node hook) writes `a` (saved by Mul) with a + exp(x) by hand through a
# storage alias just before MulBackward reads it, and the next unpack (ExpBackward's result) puts `a` back and
# hands Exp a zero result: the pass-start/pass-end reads and the hook-return reads never see the change
def alias(t):
    return torch.empty(0, device=t.device, dtype=t.dtype).set_(t.untyped_storage(), t.storage_offset(), t.shape, t.stride())
keep = a.clone()
SCALE = 1.0
def pack(t):
    return t
def unpack(t):
    with torch.no_grad():
        if t is a:
            alias(a).copy_(keep + x.detach().exp() * SCALE)   # by hand
            return t
        alias(a).copy_(keep)                                  # put back, mid-pass
        return torch.zeros_like(t)
with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
    e = x.exp()
    loss = (x * a + e).sum()
loss.backward()
