# expect: graph of loss
loss = (x * a + a.exp()).sum()
loss.backward()
