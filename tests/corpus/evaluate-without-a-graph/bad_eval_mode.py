# expect: val_loss.requires_grad
model.eval()
val_loss = F.mse_loss(model(X_val), y_val)
