loss = ((torch.tanh(b + w * x) - target) ** 2).mean()
