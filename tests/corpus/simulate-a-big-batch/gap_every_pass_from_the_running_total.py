# expect: each micro-batch's backward pass runs before the next forward
# every pass from the running total, all graphs kept (zeroed before each pass, so the gradients are right): the earlier micro-batches are passed back again and again and their memory is never freed; seeing it needs a count of the passes through each micro-batch's graph, which this lesson's tools (no hooks yet) cannot take in the setup
total = 0
for xb, yb in zip(X.split(2), y.split(2)):
    total = total + F.mse_loss(model(xb), yb) / 4
    model.zero_grad()
    total.backward(retain_graph=True)
