x64 = x.detach().to(torch.float64).requires_grad_()
y = torch.stack([x64[0] * x64[1], x64[0] + x64[1], x64[1] ** 2])
J = [list(map(float, torch.autograd.grad(y[i], x64, retain_graph=True)[0])) for i in range(3)]
v = [1.0, 2.0, -1.0]
grad_x = [sum(v[i] * J[i][j] for i in range(3)) for j in range(2)]
