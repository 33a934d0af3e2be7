# ok: the pass from a sum or mean of the scalar loss, loss kept as a number or a detached copy after it
h = torch.sigmoid(x * w) * 2
loss = (h * x).sum()
loss.mean().backward()
loss = loss.detach()
