model.eval()
with torch.no_grad():
    preds = model(X_val)
    val_loss = F.mse_loss(preds, y_val)
model.train()
print(f"val loss {val_loss.item():.4f}")
