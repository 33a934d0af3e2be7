# expect: dw
# ran backward twice (once to look, once to read), so the gradients doubled
y = w * x + b
y.backward(retain_graph=True)
print(w.grad)
y.backward()
dw, dx, db = w.grad.item(), x.grad.item(), b.grad.item()
