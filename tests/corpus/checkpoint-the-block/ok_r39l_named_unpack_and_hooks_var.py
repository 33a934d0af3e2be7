import torch.utils.checkpoint as cp

n_saved = 0

def count_it(t):
    global n_saved
    n_saved = n_saved + 1
    return t

def give_back(t):
    return t

hooks = torch.autograd.graph.saved_tensors_hooks(count_it, give_back)
with hooks:
    out = cp.checkpoint(block, x, use_reentrant=False).sum()
out.backward()
