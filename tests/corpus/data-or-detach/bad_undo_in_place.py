# expect: inplace
y = torch.exp(x)
with torch.no_grad():
    y.mul_(0.5)
    logged = y.sum().item()
    y.mul_(2)          # put the values back
loss = y.sum()
loss.backward()
