# expect: each micro-batch's backward pass runs before the next forward
# a learner's slip: every micro-batch's forward first, then a backward each: all four graphs held at once
losses = [F.mse_loss(model(xb), yb) / 4 for xb, yb in zip(X.split(2), y.split(2))]
for loss in losses:
    loss.backward()
