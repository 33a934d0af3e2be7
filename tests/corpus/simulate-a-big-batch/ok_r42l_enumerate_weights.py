micro = list(zip(X.split(2), y.split(2)))
model.zero_grad(set_to_none=True)
for i, (xb, yb) in enumerate(micro):
    pred = model(xb)
    loss = F.mse_loss(pred, yb, reduction="mean") * (xb.shape[0] / X.shape[0])
    loss.backward()
print(w.grad, b.grad)
