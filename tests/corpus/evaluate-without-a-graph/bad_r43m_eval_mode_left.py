# expect: do not leave it in `eval()` mode
model.eval()
with torch.no_grad():
    val_loss = F.mse_loss(model(X_val), y_val)
