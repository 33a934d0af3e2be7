# expect: inputs and grad mode
# a hook on loss writes a, a hook on x puts it back before the same pass ends (round 32's third attacker)
# a hook on loss writes `a` (saved by Mul) with a + exp(x) by hand and zeroes Exp's saved result; a hook on x, still inside the same pass, puts `a` back: the start and end reads see the setup's values
def alias(t):
    return torch.empty(0, device=t.device, dtype=t.dtype).set_(t.untyped_storage(), t.storage_offset(), t.shape, t.stride())
e = x.exp()
loss = (x * a + e).sum()
keep = a.clone()
SCALE = 1.0
def write(g):
    with torch.no_grad():
        alias(a).copy_(keep + x.exp() * SCALE)   # by hand
        alias(e).zero_()
def put_back(g):
    with torch.no_grad():
        alias(a).copy_(keep)
h0 = loss.register_hook(write)
h = x.register_hook(put_back)
(g,) = torch.autograd.grad(loss, [x])
h.remove(); h0.remove()
x.grad = g
