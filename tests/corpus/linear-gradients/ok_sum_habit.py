y = (w * x + b).sum()   # .sum() out of habit: y is already a scalar
y.backward()
