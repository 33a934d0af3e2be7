# expect: graph
loss = ((torch.tanh(w.data * x + b) - target) ** 2).mean()
