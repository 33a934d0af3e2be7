weight = w
y = weight * x + b
y.backward()
