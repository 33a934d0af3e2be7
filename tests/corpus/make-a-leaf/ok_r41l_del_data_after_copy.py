x = data.clone().requires_grad_()
del data                    # not needed any more
y = x.square().sum()
