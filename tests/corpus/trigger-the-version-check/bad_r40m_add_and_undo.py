# expect: s holds exp(x) + 1
s.add_(1)
s.sub_(1)
loss.backward()
