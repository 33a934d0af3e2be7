loss = torch.pow(torch.sub(torch.tanh(w * x + b), target), exponent=2).mean()
