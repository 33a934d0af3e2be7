from torch.autograd.graph import register_multi_grad_hook

h = x @ W
h.retain_grad()
loss = torch.tanh(h).sum()
handle = register_multi_grad_hook([h, W], lambda grads: print([tuple(g.shape) for g in grads]))
loss.backward()
handle.remove()
