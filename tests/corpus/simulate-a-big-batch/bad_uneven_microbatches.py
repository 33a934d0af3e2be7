# expect: micro-batch of 2 rows
# four micro-batches, but of 1, 1, 3 and 3 rows, weighted to the same total
for xb, yb in zip(X.split([1, 1, 3, 3]), y.split([1, 1, 3, 3])):
    (F.mse_loss(model(xb), yb) * len(xb) / len(X)).backward()
