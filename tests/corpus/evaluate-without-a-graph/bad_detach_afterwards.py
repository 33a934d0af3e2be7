# expect: graph
val_loss = F.mse_loss(model(X_val), y_val).detach()
