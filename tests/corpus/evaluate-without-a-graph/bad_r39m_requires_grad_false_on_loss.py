# expect: recorded a graph
# the graph is built, then the flag is cleared on the result
val_loss = F.mse_loss(model(X_val), y_val)
val_loss = val_loss.detach().requires_grad_(False)
