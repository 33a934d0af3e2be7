# expect: grad of w
y = x * w
y.register_hook(lambda g: g)
loss = (y ** 2).sum()
# PowBackward saved y: a fresh tensor over y's storage has its own version counter
with torch.no_grad():
    alias = torch.empty(0, device=y.device, dtype=y.dtype).set_(y.untyped_storage(), y.storage_offset(), y.shape, y.stride())
    alias.copy_((2 * y).clamp(-0.5, 0.5) / 2)
loss.backward()
