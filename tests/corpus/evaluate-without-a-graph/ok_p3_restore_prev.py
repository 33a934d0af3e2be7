prev = torch.is_grad_enabled()
torch.set_grad_enabled(False)
val_loss = F.mse_loss(model(X_val), y_val)
torch.set_grad_enabled(prev)
