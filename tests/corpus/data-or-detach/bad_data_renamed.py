# expect: grad of x
# earns: 0
y = torch.exp(x)
log_copy = y.data
log_copy *= 0.5
logged = float(log_copy.sum())
loss = y.sum()
loss.backward()
