with torch.inference_mode(mode=True):
    out = model(X_val)
    val_loss = F.mse_loss(out, y_val)
