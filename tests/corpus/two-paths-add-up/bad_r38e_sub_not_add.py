# expect: graph
loss = (x * a - x.exp()).sum()
loss.backward()
