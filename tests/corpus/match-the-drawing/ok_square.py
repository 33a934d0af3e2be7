loss = torch.square(torch.tanh(w * x + b) - target).mean()
