# expect: inplace operation
y = torch.exp(x)
half = y.detach().cpu()       # "move to cpu" so it is a separate tensor
half.mul_(0.5)
logged = half.sum().item()
loss = y.sum()
loss.backward()
