s.add_(0.5).add_(0.5)      # two in-place bumps, +1 in all
print("version of s:", s._version)
loss.backward()
