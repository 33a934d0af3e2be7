# expect: `y` must keep the values `torch.exp(x)` gave it
y = torch.exp(x)
loss = y.sum()
loss.backward()
half = y.data
half.mul_(0.5)    # after backward: the gradient is already right
logged = half.sum().item()
