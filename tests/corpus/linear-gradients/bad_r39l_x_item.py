# expect: grad of x
y = w * x.item() + b
y.backward()
