# expect: graph of loss
loss = (x * a + x.detach().exp()).sum()
loss.backward()
