# expect: missing op Mean between `b` and `loss`
loss = ((torch.tanh(w * x + b) - target) ** 2).sum() / 3
