# correct: saved-tensor hooks of the code's (pack/unpack that count and hand back the same tensor)
packed = []


def pack(t):
    packed.append(t.shape)
    return t


def unpack(t):
    return t


with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
    h = x @ W
    h.retain_grad()
    loss = torch.tanh(h).sum()
loss.backward()
