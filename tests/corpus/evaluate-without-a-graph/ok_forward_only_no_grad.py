with torch.no_grad():
    preds = model(X_val)
# preds carries no history, so the loss records nothing either
val_loss = F.mse_loss(preds, y_val, reduction="mean")
