z = w * x
z += b                 # in place on a fresh product: the graph still has Mul then Add
loss = ((torch.tanh(z) - target) ** 2).mean()
