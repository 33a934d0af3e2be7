# expect: grad of b
y = w * x - b
y.backward()
