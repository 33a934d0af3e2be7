# ok: explicit ones seeds for both passes, retain_graph by keyword
h = x.exp()
loss1 = h.sum()
loss2 = (h ** 2).sum()
loss1.backward(torch.ones_like(loss1), retain_graph=True)
loss2.backward(torch.ones_like(loss2))
