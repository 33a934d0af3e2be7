# expect: graph
loss = (torch.tanh(w * x + b) - target).mean() ** 2
