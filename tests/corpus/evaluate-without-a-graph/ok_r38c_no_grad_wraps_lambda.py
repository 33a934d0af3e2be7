val_loss = torch.no_grad()(lambda: F.mse_loss(model(X_val), y_val))()
