s.lerp_(s + 2, 0.5)
loss.backward()
