training = False
with torch.set_grad_enabled(training):
    val_loss = F.mse_loss(model(X_val), y_val)
assert not val_loss.requires_grad
