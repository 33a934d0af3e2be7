y = torch.exp(x)
loss = y.sum()
loss.backward()
# d(sum exp x)/dx = exp(x) = y, so half the sum of the gradient is half the sum of y
logged = x.grad.sum().item() / 2
