import numpy as np
n_saved = 0
n_elements = 0

def pack(t):
    global n_saved, n_elements
    n_saved += 1
    n_elements += t.numel()
    return t.detach().cpu().numpy().copy(), t.dtype, t.device

def unpack(p):
    arr, dtype, device = p
    return torch.from_numpy(arr).to(device=device, dtype=dtype)

with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
    out = block(x)
out.backward()
