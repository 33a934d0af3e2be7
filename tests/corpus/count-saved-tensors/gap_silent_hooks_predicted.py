# expect: pack
# hooks entered that count nothing; the counts predicted from block's code
with torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: t):
    out = block(x)
n_saved = 5
n_elements = 5 * x.numel()
out.backward()
