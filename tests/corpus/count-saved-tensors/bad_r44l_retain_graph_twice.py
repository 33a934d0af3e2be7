# expect: grad
# backward twice with retain_graph to make sure it "still works"
n_saved = 0
n_elements = 0
def pack(t):
    global n_saved, n_elements
    n_saved += 1
    n_elements += t.numel()
    return t
with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    out = block(x)
out.backward(retain_graph=True)
out.backward()
