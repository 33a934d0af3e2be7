for i in range(0, len(X), 2):
    out = model(X[i:i + 2])
    loss = F.mse_loss(out, y[i:i + 2]) * 0.25
    loss.backward()
