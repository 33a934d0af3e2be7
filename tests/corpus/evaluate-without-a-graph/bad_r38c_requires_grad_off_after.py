# expect: val_loss
val_loss = F.mse_loss(model(X_val), y_val)
val_loss.requires_grad_(False)
