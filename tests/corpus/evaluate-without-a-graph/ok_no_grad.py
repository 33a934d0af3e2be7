with torch.no_grad():
    prediction = model(X_val)
    val_loss = F.mse_loss(prediction, y_val)
