model.zero_grad(set_to_none=True)
model.train()
with torch.no_grad():
    preds = model(X_val)
val_loss = F.mse_loss(preds, y_val)
