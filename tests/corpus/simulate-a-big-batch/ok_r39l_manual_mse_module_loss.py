crit = nn.MSELoss()
batches = list(zip(X.split(2), y.split(2)))
for xb, yb in batches:
    (crit(model(xb), yb) / len(batches)).backward()
