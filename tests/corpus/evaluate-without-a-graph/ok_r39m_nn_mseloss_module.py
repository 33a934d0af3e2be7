criterion = nn.MSELoss()
with torch.no_grad():
    val_loss = criterion(model(X_val), y_val)
