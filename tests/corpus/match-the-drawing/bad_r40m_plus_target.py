# expect: extra op Add between `b` and `loss`. missing op Sub
loss = ((torch.tanh(w * x + b) + target) ** 2).mean()
