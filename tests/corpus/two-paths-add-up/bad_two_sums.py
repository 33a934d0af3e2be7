# expect: graph of loss
loss = (x * a).sum() + x.exp().sum()
loss.backward()
