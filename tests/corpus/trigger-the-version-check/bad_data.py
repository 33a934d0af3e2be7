# expect: raises
s.data.add_(1)
loss.backward()
