# expect: grad of w
y = w * x + b
y.backward(retain_graph=True)
y.backward()
