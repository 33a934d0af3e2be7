# expect: moves no version counter of `s`
s.data.add_(1)
loss.backward()
