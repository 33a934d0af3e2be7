# expect: graph
preds = model(X_val).detach()
val_loss = F.mse_loss(preds, y_val)
