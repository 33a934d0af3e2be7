was_training = model.training
model.eval()
with torch.no_grad():
    preds = model(X_val)
    val_loss = F.mse_loss(preds, y_val)
model.train(was_training)
print(f"val loss {val_loss.item():.4f}")
