# expect: so call them, with the parentheses
with torch.no_grad:
    val_loss = F.mse_loss(model(X_val), y_val)
