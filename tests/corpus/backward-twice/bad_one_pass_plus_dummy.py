# expect: backward
h = x.exp()
loss1 = h.sum()
loss2 = (h ** 2).sum()
# one backward pass through both losses at once ...
torch.autograd.backward([loss1, loss2], retain_graph=True)
# ... and a second "backward" that adds nothing
loss2.backward(torch.zeros_like(loss2))
