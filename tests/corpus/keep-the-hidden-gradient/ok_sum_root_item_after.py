# ok: the pass from a sum or mean of the scalar loss, loss kept as a number or a detached copy after it
h = x @ W
h.retain_grad()
loss = torch.tanh(h).sum()
loss.sum().backward()
loss = loss.item()
