# expect: backward
# the losses' gradients w.r.t. h worked out by hand; both passes start at h
h = x.exp()
loss1 = h.sum()
loss2 = (h ** 2).sum()
h.backward(torch.ones_like(h), retain_graph=True)
h.backward(2 * h.detach())
