# ok: saved tensors collected in a list; backward with a ones seed and retain_graph
saved = []
with torch.autograd.graph.saved_tensors_hooks(lambda t: saved.append(t) or t, lambda t: t):
    out = block(x)
n_saved = len(saved)
n_elements = sum(t.numel() for t in saved)
out.backward(torch.ones_like(out), retain_graph=True)
