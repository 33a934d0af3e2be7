# expect: `loss` differs from the expected value
loss = ((torch.tanh(w * x + b) - target) ** 3).mean()
