# expect: left gradient recording switched off
torch.set_grad_enabled(False)  # evaluation: no graphs from here on
val_loss = F.mse_loss(model(X_val), y_val)
print(f"validation loss {val_loss.item():.4f}")
