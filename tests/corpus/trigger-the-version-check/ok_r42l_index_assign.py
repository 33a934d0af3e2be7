s[:] += 1          # in place, through a view of all of s
loss.backward()
