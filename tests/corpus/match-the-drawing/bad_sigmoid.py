# expect: graph of loss
loss = ((torch.sigmoid(w * x + b) - target) ** 2).mean()
