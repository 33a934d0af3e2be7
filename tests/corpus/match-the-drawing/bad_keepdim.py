# expect: loss
loss = ((torch.tanh(w * x + b) - target) ** 2).mean(0, keepdim=True)
