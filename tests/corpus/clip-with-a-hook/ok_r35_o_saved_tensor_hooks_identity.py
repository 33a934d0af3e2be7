# ok: saved-tensor hooks that pack/unpack unchanged, plus the clamp hook
def pack(t):
    return t
def unpack(t):
    return t
with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
    y = x * w
    y.register_hook(lambda grad: grad.clamp(-0.5, 0.5))
    loss = (y ** 2).sum()
loss.backward()
