row = s.unsqueeze(0)       # a view of s: same storage, same version counter
row.add_(1)
loss.backward()
