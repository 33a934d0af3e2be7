# expect: graph
loss = ((torch.relu(w * x + b) - target) ** 2).mean()
