y = w * x + b
y.backward(gradient=torch.ones_like(y))
print(w.grad, x.grad, b.grad)
