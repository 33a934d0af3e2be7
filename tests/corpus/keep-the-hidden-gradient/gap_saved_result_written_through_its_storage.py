# expect: grad of h
def alias(t):  # a tensor over t's memory with a version counter of its own
    return torch.empty(0, device=t.device, dtype=t.dtype).set_(t.untyped_storage(), t.storage_offset(), t.shape, t.stride())
h = x @ W
h.retain_grad()
t = torch.tanh(h)
loss = t.sum()
with torch.no_grad():
    dh = 1 / torch.cosh(h) ** 2                 # d loss / dh, by hand
    alias(t).copy_(torch.sqrt(1 - dh))          # TanhBackward reads 1 - t*t from its saved result
loss.backward()
