x = data.clone()
x.requires_grad = True
y = (x.abs() ** 2).sum()
