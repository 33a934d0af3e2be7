# expect: graph
val_loss = F.mse_loss(model(X_val.detach()), y_val.detach()).detach()
