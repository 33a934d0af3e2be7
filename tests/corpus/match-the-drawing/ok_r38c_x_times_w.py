loss = ((torch.tanh(x * w + b) - target) ** 2).mean()
