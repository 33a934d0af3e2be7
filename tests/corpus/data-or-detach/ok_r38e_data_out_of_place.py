y = torch.exp(x)
half = y.data.mul(0.5)        # .data read, but mul (no underscore) makes a new tensor
logged = half.sum().item()
loss = y.sum()
loss.backward()
