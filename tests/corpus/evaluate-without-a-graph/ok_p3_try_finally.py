torch.set_grad_enabled(False)
try:
    val_loss = F.mse_loss(model(X_val), y_val)
finally:
    torch.set_grad_enabled(True)
