# expect: grad
torch.set_grad_enabled(False)   # switched off ... and never switched back on
val_loss = F.mse_loss(model(X_val), y_val)
