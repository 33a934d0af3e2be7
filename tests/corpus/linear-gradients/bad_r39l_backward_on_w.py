# expect: grad of
y = w * x + b
w.backward()
x.backward()
b.backward()
