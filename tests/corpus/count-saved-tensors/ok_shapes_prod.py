import math

shapes = []

def pack_hook(tensor):
    shapes.append(tuple(tensor.shape))
    return tensor

def unpack_hook(tensor):
    return tensor

with torch.autograd.graph.saved_tensors_hooks(pack_hook, unpack_hook):
    out = block(x)

n_saved = len(shapes)
n_elements = sum(math.prod(s) for s in shapes)
out.backward()
