loss = ((torch.tanh(w * x + b) - target) ** 2).mean()
loss.backward(retain_graph=True)
loss.backward(retain_graph=True)   # ran the cell twice: w.grad and b.grad are doubled
