guard = torch.inference_mode()
guard.__enter__()
val_loss = F.mse_loss(model(X_val), y_val)
guard.__exit__(None, None, None)
