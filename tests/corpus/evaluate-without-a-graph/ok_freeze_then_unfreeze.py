params = list(model.parameters())
for p in params:
    p.requires_grad_(False)
val_loss = F.mse_loss(model(X_val), y_val)
for p in params:
    p.requires_grad_(True)
