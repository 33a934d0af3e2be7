micro = 2
steps = len(X) // micro
for k in range(steps):
    xb = X[k * micro:(k + 1) * micro]
    yb = y[k * micro:(k + 1) * micro]
    loss = F.mse_loss(model(xb), yb)
    torch.autograd.backward(loss / steps, inputs=list(model.parameters()))
