# expect: graph
loss = ((torch.tanh(w * x + b).detach() - target) ** 2).mean()
