# retain_grad, and a hook on h that counts its calls in a tensor updated in place
hits = torch.zeros((), dtype=torch.int64)
h = x @ W
h.retain_grad()
h.register_hook(lambda g: hits.add_(1) and None)
loss = torch.tanh(h).sum()
loss.backward()
print("hook ran", int(hits), "time(s)")
