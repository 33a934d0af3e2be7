# expect: graph
loss = 0.5 * ((torch.tanh(w * x + b) - target) ** 2).mean()
