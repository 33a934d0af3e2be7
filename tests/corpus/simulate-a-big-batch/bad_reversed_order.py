# expect: Feed the micro-batches in order
# the micro-batches fed last first: the prompt asks for them in order (the rows X.split(2) gives)
for xb, yb in reversed(list(zip(X.split(2), y.split(2)))):
    (F.mse_loss(model(xb), yb) / 4).backward()
