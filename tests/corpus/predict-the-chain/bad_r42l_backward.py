# expect: autograd
loss.backward()
dw = w.grad.item()
db = b.grad.item()
