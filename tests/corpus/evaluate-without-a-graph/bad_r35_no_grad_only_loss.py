# expect: the model (or part of it) ran with recording on
pred = model(X_val)
with torch.no_grad():
    val_loss = F.mse_loss(pred, y_val)
