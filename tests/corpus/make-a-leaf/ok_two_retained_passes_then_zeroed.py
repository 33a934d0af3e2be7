# correct: backward twice (retain), see the accumulation 4x, then zero x.grad
x = data.clone().requires_grad_()
y = (x ** 2).sum()
y.backward(retain_graph=True)
y.backward()
print(x.grad / x)
x.grad.zero_()
