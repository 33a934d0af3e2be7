# expect: y
y = torch.exp(x)
half = y.data
half.mul_(0.5)                # half of y, for the log
logged = half.sum().item()
half.mul_(2)                  # put y back before anyone notices
loss = y.sum()
loss.backward()
