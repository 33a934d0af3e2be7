# expect: raises
x.add_(1)
loss.backward()
