@torch.set_grad_enabled(False)
def evaluate():
    return F.mse_loss(model(X_val), y_val)

val_loss = evaluate()
