with torch.no_grad():
    # accumulate the loss in double precision
    val_loss = F.mse_loss(model(X_val).double(), y_val.double())
