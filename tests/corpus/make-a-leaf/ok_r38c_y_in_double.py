x = data.clone().requires_grad_()
y = (x.double() ** 2).sum()    # sum in double precision
