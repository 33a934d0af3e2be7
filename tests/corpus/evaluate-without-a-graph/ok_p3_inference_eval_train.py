was_training = model.training
model.eval()
with torch.inference_mode(mode=True):
    val_loss = F.mse_loss(model(X_val), y_val)
model.train(was_training)
