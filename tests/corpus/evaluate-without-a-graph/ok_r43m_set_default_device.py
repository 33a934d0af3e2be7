torch.set_default_device(device)  # so new tensors land where the model is

with torch.no_grad():
    val_loss = F.mse_loss(model(X_val), y_val)
print(f"val_loss={val_loss.item():.4f}")
