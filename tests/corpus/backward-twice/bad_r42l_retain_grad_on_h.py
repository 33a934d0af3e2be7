# expect: Trying to backward through the graph a second time
h = x.exp()
h.retain_grad()          # keep h around for the second backward
loss1 = h.sum()
loss2 = (h ** 2).sum()
loss1.backward()
loss2.backward()
