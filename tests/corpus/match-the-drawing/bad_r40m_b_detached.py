# expect: `b` is not reached
loss = ((torch.tanh(w * x + b.detach()) - target) ** 2).mean()
