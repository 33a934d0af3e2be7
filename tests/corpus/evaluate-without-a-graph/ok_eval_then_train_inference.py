@torch.inference_mode()
def validate():
    model.eval()
    loss = F.mse_loss(model(X_val), y_val)
    model.train()
    return loss

val_loss = validate()
