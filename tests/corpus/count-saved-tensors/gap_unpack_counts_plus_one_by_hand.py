# expect: n_saved
# count in unpack, then "fix" the off-by-one that the checker complained about
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
n_saved += 1
n_elements += x.numel()
