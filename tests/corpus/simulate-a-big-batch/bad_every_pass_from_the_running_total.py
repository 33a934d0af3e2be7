# expect: each micro-batch's loss passed back once
# every pass from the running total, all graphs kept: the gradients are right (zeroed before each), but the
# earlier micro-batches are passed back again and again, and their memory is never freed
total = 0
for xb, yb in zip(X.split(2), y.split(2)):
    total = total + F.mse_loss(model(xb), yb) / 4
    model.zero_grad()
    total.backward(retain_graph=True)
