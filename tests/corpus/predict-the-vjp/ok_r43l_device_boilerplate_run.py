device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
xx = torch.tensor([2.0, 3.0], device=device, requires_grad=True)
y = torch.stack([xx[0] * xx[1], xx[0] + xx[1], xx[1] ** 2])
J = [[3.0, 2.0], [1.0, 1.0], [0.0, 6.0]]
y.backward(gradient=torch.tensor([1.0, 2.0, -1.0], device=device))
grad_x = xx.grad.tolist()
