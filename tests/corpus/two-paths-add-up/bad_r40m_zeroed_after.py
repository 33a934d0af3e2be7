# expect: yours 0, expected
loss = (x * a + x.exp()).sum()
loss.backward()
x.grad.zero_()
