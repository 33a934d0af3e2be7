# ok: y rebound to its Python number after the pass (the pass started at the tensor y was then)
y = w * x + b
y.backward()
print("y =", y.item())
