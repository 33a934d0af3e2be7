# expect: graph of loss
d = torch.tanh(w * x + b) - target
loss = (d * d).mean()
