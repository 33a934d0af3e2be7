stats = {"count": 0, "elements": 0}

def pack_hook(tensor):
    stats["count"] += 1
    stats["elements"] += tensor.numel()
    return tensor

def unpack_hook(tensor):
    return tensor

with torch.autograd.graph.saved_tensors_hooks(pack_hook, unpack_hook):
    out = block(x)

n_saved, n_elements = stats["count"], stats["elements"]
out.backward()
