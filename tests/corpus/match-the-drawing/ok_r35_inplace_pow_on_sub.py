d = torch.tanh(w * x + b) - target
loss = d.pow_(2).mean()
