# Watch what autograd saves for backward (pack/unpack that only log), then one backward
packed = []

def pack(t):
    packed.append(tuple(t.shape))
    return t

def unpack(t):
    return t

x = data.clone().requires_grad_()
with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
    y = (x ** 2).sum()
y.backward()
print("saved:", packed)
