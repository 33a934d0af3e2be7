loss = (torch.tanh(x * w + b) - target).pow(2).mean()
