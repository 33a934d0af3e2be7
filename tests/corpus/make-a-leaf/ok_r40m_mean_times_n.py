x = data.clone().requires_grad_()
y = x.pow(2).mean() * x.numel()
