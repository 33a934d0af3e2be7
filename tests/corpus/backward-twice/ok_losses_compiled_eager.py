@torch.compile(backend="eager")
def losses(h):
    return h.sum(), (h ** 2).sum()
h = x.exp()
loss1, loss2 = losses(h)
loss1.backward(retain_graph=True)
loss2.backward()
