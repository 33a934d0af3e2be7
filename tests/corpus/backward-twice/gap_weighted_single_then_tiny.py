# expect: backward
# h.backward(weights) carries both losses in one pass; the loss1 pass is a near-zero seed
h = x.exp()
loss1 = h.sum()
loss2 = (h ** 2).sum()
h.backward(1 + 2 * h.detach(), retain_graph=True)
loss1.backward(torch.tensor(1e-30))
