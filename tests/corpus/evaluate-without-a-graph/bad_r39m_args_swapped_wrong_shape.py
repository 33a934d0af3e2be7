# expect: val_loss
# mse of the prediction against the inputs
with torch.no_grad():
    val_loss = F.mse_loss(model(X_val), X_val[:, :1])
