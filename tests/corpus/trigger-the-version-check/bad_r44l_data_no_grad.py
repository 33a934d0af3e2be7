# expect: s was changed in place
# uses .data to "change s in place" -- autograd never hears of it
s.data.add_(1)
loss.backward()
