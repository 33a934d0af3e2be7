y = torch.exp(x)
logged = float(y.sum()) / 2      # float() reads the value; y is untouched
loss = y.sum()
loss.backward()
