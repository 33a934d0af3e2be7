# expect: backward
h = x.exp()
loss1 = h.sum()
loss2 = (h ** 2).sum()
(loss1 + loss2).backward()
