# expect: 4 times
for xb, yb in zip(X.split(2), y.split(2)):
    loss = F.mse_loss(model(xb), yb)
    loss.backward()
