x = data.clone().requires_grad_()
y = (x ** 2).sum()
y.backward()
print("grad:", x.grad)   # 2 * x, as expected
x.grad.zero_()           # tidy up
