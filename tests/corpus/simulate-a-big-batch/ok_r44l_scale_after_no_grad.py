for xb, yb in zip(X.split(2), y.split(2)):
    F.mse_loss(model(xb), yb).backward()
with torch.no_grad():
    for p in model.parameters():
        p.grad /= 4
