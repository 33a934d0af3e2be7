total = x * a
total += x.exp()          # in place on a non-leaf: still Add in the graph
loss = total.sum()
loss.backward()
