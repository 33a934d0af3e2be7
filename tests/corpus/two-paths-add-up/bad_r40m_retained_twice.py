# expect: It is exactly 2 times the expected gradient
loss = (x * a + x.exp()).sum()
loss.backward(retain_graph=True)
loss.backward()
