# ok: backward with retain_graph, the log taken afterwards from a detached copy
y = torch.exp(x)
loss = y.sum()
loss.backward(retain_graph=True)
with torch.no_grad():
    logged = float(y.sum() / 2)
