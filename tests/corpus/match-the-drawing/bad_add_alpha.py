# expect: graph of loss
loss = (torch.add(torch.tanh(w * x + b), target, alpha=-1) ** 2).mean()
