# expect: graph
loss = (x * a + x.detach().exp()).sum()
loss.backward()
