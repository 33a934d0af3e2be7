# expect: n_saved
# counts in unpack (during backward), not in pack (during block(x))
n_saved = 0
n_elements = 0

def unpack(t):
    global n_saved, n_elements
    n_saved += 1
    n_elements += t.numel()
    return t

with torch.autograd.graph.saved_tensors_hooks(lambda t: t, unpack):
    out = block(x)
out.backward()
