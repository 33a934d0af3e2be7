# expect: graph of y
x = data.clone().requires_grad_()
y = torch.tensor(float((x ** 2).sum()))
