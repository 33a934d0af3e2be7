# expect: graph
loss = ((torch.tanh(w * x) + b - target) ** 2).mean()
