# expect: model
model.requires_grad_(False)
val_loss = F.mse_loss(model(X_val), y_val)
