# expect: grad of w
loss.backward()
dw = w.grad.item()
db = b.grad.item()
