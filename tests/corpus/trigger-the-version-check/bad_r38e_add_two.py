# expect: exp(x) + 1
s.add_(2)
loss.backward()
