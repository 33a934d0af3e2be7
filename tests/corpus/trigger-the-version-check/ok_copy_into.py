# overwrite s's own memory with s + 1
s.copy_(s + 1)
loss.backward()
