# tanh as a method, square() for Pow
loss = ((w * x + b).tanh() - target).square().mean()
