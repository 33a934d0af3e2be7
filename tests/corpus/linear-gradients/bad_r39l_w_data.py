# expect: grad of w
y = w.data * x + b
y.backward()
