# expect: grad of w
# backward each with retain_graph on a running total
total = 0
for xb, yb in zip(X.split(2), y.split(2)):
    total = total + F.mse_loss(model(xb), yb) / 4
    total.backward(retain_graph=True)
