# expect: switched off
torch.no_grad().__enter__()
val_loss = F.mse_loss(model(X_val), y_val)
