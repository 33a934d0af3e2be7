# expect: switched off
torch.set_grad_enabled(False)
prev = torch.is_grad_enabled()   # taken after switching off: "restores" False
val_loss = F.mse_loss(model(X_val), y_val)
torch.set_grad_enabled(prev)
