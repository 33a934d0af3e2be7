# expect: weighed the micro-batches unequally
# running mean of the losses, backward on the running mean each time
running = 0.0
for i, (xb, yb) in enumerate(zip(X.split(2), y.split(2)), start=1):
    loss = F.mse_loss(model(xb), yb)
    (loss / i).backward()
