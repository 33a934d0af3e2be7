s.add_(1)
s.add_(0)
loss.backward()
