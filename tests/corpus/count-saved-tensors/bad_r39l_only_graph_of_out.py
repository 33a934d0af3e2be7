# expect: pack
n_saved = 0
n_elements = 0
# count only what backward will actually need: unpacks
seen = []
def unpack(t):
    seen.append(t.numel())
    return t
with torch.autograd.graph.saved_tensors_hooks(lambda t: t, unpack):
    out = block(x)
out.backward()
n_saved = len(seen)
n_elements = sum(seen)
