s[:] = s + 1
loss.backward(retain_graph=True)
