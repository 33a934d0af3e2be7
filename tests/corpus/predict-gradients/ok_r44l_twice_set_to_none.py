# ran it twice to check it is stable
for step in range(2):
    for p in (w, x, b):
        p.grad = None
    y = w * x + b
    y.backward()
    print(step, w.grad.item(), x.grad.item(), b.grad.item())
dw, dx, db = w.grad.item(), x.grad.item(), b.grad.item()
