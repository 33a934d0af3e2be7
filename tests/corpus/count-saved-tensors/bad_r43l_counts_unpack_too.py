# expect: Count in `pack`, while `block(x)` runs
n_saved = 0
n_elements = 0

def pack(t):
    global n_saved, n_elements
    n_saved += 1
    n_elements += t.numel()
    return t

def unpack(t):
    global n_saved
    n_saved += 1          # count reads as well
    return t

with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
    out = block(x)
    out.backward()
