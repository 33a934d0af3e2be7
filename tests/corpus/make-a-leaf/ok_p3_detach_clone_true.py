x = data.detach().clone().requires_grad_(True)
y = (x * x).sum()
