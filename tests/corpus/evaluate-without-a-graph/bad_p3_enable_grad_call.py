# expect: switched off
torch.set_grad_enabled(False)
val_loss = F.mse_loss(model(X_val), y_val)
torch.enable_grad()   # a bare call does nothing: only `with torch.enable_grad():` switches it on
