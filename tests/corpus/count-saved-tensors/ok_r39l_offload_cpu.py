n_saved = 0
n_elements = 0

def pack(t):
    global n_saved, n_elements
    n_saved += 1
    n_elements += t.nelement()
    return (t.device, t.cpu())

def unpack(packed):
    dev, t = packed
    return t.to(dev)

with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
    out = block(x)
out.backward()
