# expect: and the right one: an answer of that type fails where its value is wrong
# used .data for w so it would "not be tracked twice"
y = w.data * x + b
y.backward()
dw = 0.0 if w.grad is None else w.grad.item()
dx = x.grad.item()
db = b.grad.item()
