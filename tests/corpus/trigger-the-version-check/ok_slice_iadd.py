s[:] += 1
loss.backward()
