# ok: loss kept as a detached copy after the pass
# the fix, then loss kept as a detached snapshot for logging
h = torch.sigmoid(x * w)
h = h * 2
loss = (h * x).sum()
loss.backward()
loss = loss.detach().clone()
