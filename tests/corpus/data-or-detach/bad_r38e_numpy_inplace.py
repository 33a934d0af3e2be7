# expect: `.numpy()`: autograd does not see it
y = torch.exp(x)
half = y.detach().cpu().numpy()
half *= 0.5                   # numpy copy for the log
logged = float(half.sum())
loss = y.sum()
loss.backward()
