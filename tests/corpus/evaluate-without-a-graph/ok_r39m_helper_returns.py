def evaluate(net, X, y):
    with torch.no_grad():
        return F.mse_loss(net(X), y)

val_loss = evaluate(model, X_val, y_val)
