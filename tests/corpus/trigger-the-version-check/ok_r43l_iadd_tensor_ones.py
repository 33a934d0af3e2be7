s += torch.ones_like(s)   # in place: s's version goes up
print("version of s:", s._version)
loss.backward()
