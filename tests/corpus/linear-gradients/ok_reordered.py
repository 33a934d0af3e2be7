y = b + x * w
y.backward()
