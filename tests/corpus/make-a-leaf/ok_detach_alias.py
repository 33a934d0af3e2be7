x = data.detach().requires_grad_()
y = x.pow(2).sum()
