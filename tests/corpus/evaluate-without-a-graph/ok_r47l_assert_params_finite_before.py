assert all(torch.isfinite(p).all() for p in model.parameters())
with torch.no_grad():
    val_loss = F.mse_loss(model(X_val), y_val)
