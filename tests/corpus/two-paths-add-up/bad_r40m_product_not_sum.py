# expect: missing op Add between `x` and `loss`. extra op Mul
loss = (x * a * x.exp()).sum()
loss.backward()
