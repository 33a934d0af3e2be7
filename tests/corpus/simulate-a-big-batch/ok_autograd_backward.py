for i in range(4):
    xb = X[2 * i:2 * i + 2]
    yb = y[2 * i:2 * i + 2]
    loss = F.mse_loss(model(xb), yb)
    torch.autograd.backward(loss / 4)
