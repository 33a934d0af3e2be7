y = torch.exp(x)
half = y.data.clone()   # a copy: y itself is untouched
half.mul_(0.5)
logged = half.sum().item()
loss = y.sum()
loss.backward()
