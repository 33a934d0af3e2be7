h = x.exp()
assert torch.isfinite(h).all(), "exp overflowed"
loss1 = h.sum()
loss2 = (h ** 2).sum()
loss1.backward(retain_graph=True)
loss2.backward()
