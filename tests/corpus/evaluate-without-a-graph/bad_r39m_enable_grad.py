# expect: requires_grad
# picked the wrong context manager
with torch.enable_grad():
    val_loss = F.mse_loss(model(X_val), y_val)
