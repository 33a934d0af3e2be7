with torch.no_grad():
    pred = model(X_val)
    val_loss = ((pred - y_val) ** 2).mean()
