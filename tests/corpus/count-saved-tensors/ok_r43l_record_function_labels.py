from torch.profiler import record_function

saved = []

def pack(t):
    saved.append(tuple(t.shape))
    return t

with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    with record_function("block"):
        out = block(x)

n_saved = len(saved)
n_elements = sum(int(torch.Size(s).numel()) for s in saved)
out.backward()
