# expect: h saved once for exp
# h built again for loss2, the node count kept at 4 by h2.dot(h2); retain_graph passed but unneeded (round 32's fourth attacker)
h = x.exp()
loss1 = h.sum()
loss1.backward(retain_graph=True)
h2 = x.exp()
loss2 = h2.dot(h2)
loss2.backward()
