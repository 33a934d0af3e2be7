# expect: extra op Sqrt
loss = ((torch.tanh(w * x + b) - target) ** 2).mean().sqrt()
