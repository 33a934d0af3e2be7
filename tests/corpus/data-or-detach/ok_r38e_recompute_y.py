y = torch.exp(x)
half = y.data
half.mul_(0.5)                # half of y, for the log (this spoils y...)
logged = half.sum().item()
y = torch.exp(x)              # ...so compute y afresh before the loss
loss = y.sum()
loss.backward()
