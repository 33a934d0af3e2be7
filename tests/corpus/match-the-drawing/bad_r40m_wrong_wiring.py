# expect: your graph computes `w + (x * b)`
loss = ((torch.tanh(w + x * b) - target) ** 2).mean()
