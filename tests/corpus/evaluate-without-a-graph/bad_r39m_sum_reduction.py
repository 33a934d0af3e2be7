# expect: val_loss
# reduction changed: a sum, not the mean
with torch.no_grad():
    val_loss = F.mse_loss(model(X_val), y_val, reduction="sum")
