# exercise: linear-gradients
packed = []
def pack(t):
    packed.append(t.shape)
    return t.clone()
def unpack(t):
    return t
with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
    y = w * x + b
y.backward()
