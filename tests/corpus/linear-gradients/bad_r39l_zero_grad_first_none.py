# expect: NoneType
y = w * x + b
w.grad.zero_()
y.backward()
