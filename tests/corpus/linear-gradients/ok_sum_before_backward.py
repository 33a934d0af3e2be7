# ok: backward on .sum() of the scalar y, out of habit
y = w * x + b
y.sum().backward()   # habit from non-scalar outputs; y is already a scalar
