x = data.clone().requires_grad_()
y = 0
for i in range(len(x)):
    y = y + x[i] ** 2
