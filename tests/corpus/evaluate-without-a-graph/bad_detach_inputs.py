# expect: val_loss.requires_grad
val_loss = F.mse_loss(model(X_val.detach()), y_val.detach())
