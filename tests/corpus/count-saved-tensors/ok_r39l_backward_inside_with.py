sizes = []
with torch.autograd.graph.saved_tensors_hooks(lambda t: (sizes.append(t.numel()), t)[1], lambda t: t):
    out = block(x)
    out.backward()
n_saved = len(sizes)
n_elements = sum(sizes)
