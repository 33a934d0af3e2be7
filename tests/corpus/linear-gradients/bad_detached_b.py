# expect: grad of b
y = w * x + b.detach()
y.backward()
