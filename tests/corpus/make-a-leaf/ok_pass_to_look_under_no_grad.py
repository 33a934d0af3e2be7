# correct: y as asked; the look at the gradient (backward and print) done inside torch.no_grad()
x = data.clone().requires_grad_()
y = (x ** 2).sum()
with torch.no_grad():
    y.backward()
    print(x.grad)
