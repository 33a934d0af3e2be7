@torch.no_grad()
def evaluate(model, X, y):
    return F.mse_loss(model(X), y)

val_loss = evaluate(model, X_val, y_val)
