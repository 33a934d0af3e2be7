# expect: raises
s = s + 1
loss.backward()
