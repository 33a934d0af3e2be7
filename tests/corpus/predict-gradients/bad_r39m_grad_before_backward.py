# expect: dw
# reads .grad without running backward: None
dw = w.grad
dx = x.grad
db = b.grad
