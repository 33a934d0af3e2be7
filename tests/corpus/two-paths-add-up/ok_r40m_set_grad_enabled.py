with torch.set_grad_enabled(True):
    loss = (x.mul(a) + torch.exp(x)).sum()
loss.backward()
print(x.grad)
