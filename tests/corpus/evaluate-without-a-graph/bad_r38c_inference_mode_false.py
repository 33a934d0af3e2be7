# expect: recorded a graph
with torch.inference_mode(False):
    val_loss = F.mse_loss(model(X_val), y_val)
val_loss = val_loss.detach()
