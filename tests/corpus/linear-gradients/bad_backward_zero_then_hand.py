# expect: backward
y = w * x + b
y.backward(torch.zeros_like(y))     # backward with a zero seed ...
with torch.no_grad():               # ... then the chain rule by hand
    w.grad += x
    x.grad += w
    b.grad += 1
