# expect: exactly 1
y = w * x + b
y.backward(retain_graph=True)
y.backward()
for t in (w, x, b):
    t.grad /= 2          # "backward doubled them"
