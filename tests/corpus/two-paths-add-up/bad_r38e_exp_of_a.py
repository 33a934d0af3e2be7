# expect: graph
loss = (x * a + a.exp()).sum()
loss.backward()
