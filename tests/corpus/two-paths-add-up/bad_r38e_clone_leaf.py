# expect: graph
xc = x.clone()
loss = (xc * a + xc.exp()).sum()
loss.backward()
