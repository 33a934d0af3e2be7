# expect: is two saves
seen = {}

def pack(t):
    seen.setdefault(t.data_ptr(), t.numel())   # count each tensor once
    return t

with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    out = block(x)
n_saved = len(seen)
n_elements = sum(seen.values())
out.backward()
