# expect: graph of loss
loss = ((torch.tanh(w * x + b) + (-target)) ** 2).mean()
