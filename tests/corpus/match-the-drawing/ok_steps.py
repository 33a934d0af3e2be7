pre = b + w * x
err = pre.tanh() - target
loss = (err ** 2).mean()
