# stash them as float64 for precision, give them back in their own dtype
sizes = []
def pack(t):
    sizes.append(t.shape)
    return t.to(torch.float64), t.dtype
def unpack(p):
    return p[0].to(p[1])
with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
    out = block(x)
n_saved = len(sizes)
n_elements = sum(s.numel() for s in sizes)
out.backward()
print("n_saved:", n_saved, "n_elements:", n_elements, "logged:", logged)
