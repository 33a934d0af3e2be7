# expect: inputs and grad mode as the setup left them
def alias(t):  # a tensor over t's memory with a version counter of its own
    return torch.empty(0, device=t.device, dtype=t.dtype).set_(t.untyped_storage(), t.storage_offset(), t.shape, t.stride())
e = x.exp()
loss = (x * a + e).sum()
with torch.no_grad():
    keep = a.clone()
    alias(a).copy_(a + x.exp())     # Mul saved the setup's `a`: now it holds d loss/dx worked out by hand
    alias(e).zero_()                # Exp saved its result: now zeros
loss.backward()
with torch.no_grad():
    alias(a).copy_(keep)            # put `a` back: same values, same version
