# expect: backward
loss.backward()
dw = w.grad.item()
db = b.grad.item()
w.grad = None
b.grad = None
