# expect: not left there by a backward pass
y = torch.exp(x)
half = y.data
half.mul_(0.5)                # half of y, for the log
logged = half.sum().item()
loss = y.sum()
loss.backward()
half.mul_(2)                  # undo the halving ...
loss = y.sum()
x.grad.mul_(2)                # ... and the halved gradient
