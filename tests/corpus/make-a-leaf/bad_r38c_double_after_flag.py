# expect: leaf
x = data.clone().requires_grad_().to(torch.float64)
y = (x ** 2).sum()
