torch.autograd.set_grad_enabled(mode=False)
val_loss = F.mse_loss(model(X_val), y_val)
torch.autograd.set_grad_enabled(mode=True)
