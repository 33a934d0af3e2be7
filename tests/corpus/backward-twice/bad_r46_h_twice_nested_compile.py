# expect: autograd graph nodes; this exercise allows at most 4
# wrong: h is built again for loss2 (two graphs); retain_graph passed to keep the calls check quiet;
# nested compile steps offset the node count.
h = x.exp()
loss1 = h.sum()
loss1.backward(retain_graph=True)
h = x.exp()
loss2 = (h ** 2).sum()
loss2.backward()

_junk = torch.ones(2, requires_grad=True)

def _inner(gm, ex):
    for _ in range(30):
        (_junk * 2).sum()
    return gm.forward

def _outer(gm, ex):
    torch.compile(lambda t: t + 1, backend=_inner)(torch.ones(2))
    return gm.forward

torch.compile(lambda t: t * 3, backend=_outer)(torch.ones(2))
