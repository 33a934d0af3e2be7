# expect: 0.5 times
for xb, yb in zip(X.split(2), y.split(2)):
    loss = F.mse_loss(model(xb), yb) / len(X)
    loss.backward()
