# expect: RuntimeError
s2 = s.clone()
s2.add_(1)
loss.backward()
