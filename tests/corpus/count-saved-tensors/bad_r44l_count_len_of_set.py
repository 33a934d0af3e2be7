# expect: n_saved
# keeps them in a dict by data_ptr so duplicates are not double counted
seen = {}
def pack(t):
    seen[t.data_ptr()] = t.numel()
    return t
with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    out = block(x)
out.backward()
n_saved = len(seen)
n_elements = sum(seen.values())
