stash = []

def pack(t):
    stash.append(t)
    return len(stash) - 1

def unpack(i):
    return stash[i]

with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
    out = block(x)
n_saved = len(stash)
n_elements = sum(t.numel() for t in stash)
out.backward()
