torch.set_default_device(device)
for xb, yb in zip(X.split(2), y.split(2)):
    (F.mse_loss(model(xb), yb) * 0.25).backward()
