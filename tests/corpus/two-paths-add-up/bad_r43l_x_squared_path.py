# expect: missing op Exp between `x` and `loss`
loss = (x * a + x * x).sum()
loss.backward()
