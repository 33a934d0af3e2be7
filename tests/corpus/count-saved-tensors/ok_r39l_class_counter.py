class Counter:
    def __init__(self):
        self.count = 0
        self.elements = 0

    def pack(self, t):
        self.count += 1
        self.elements += t.numel()
        return t

    def unpack(self, t):
        return t

c = Counter()
with torch.autograd.graph.saved_tensors_hooks(c.pack, c.unpack):
    out = block(x)
out.backward()
n_saved, n_elements = c.count, c.elements
