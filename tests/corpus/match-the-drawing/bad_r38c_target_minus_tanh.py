# expect: const - (tanh
loss = ((target - torch.tanh(w * x + b)) ** 2).mean()
