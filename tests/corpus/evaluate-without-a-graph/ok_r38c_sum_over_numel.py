with torch.no_grad():
    err = model(X_val) - y_val
    val_loss = err.pow(2).sum() / err.numel()
