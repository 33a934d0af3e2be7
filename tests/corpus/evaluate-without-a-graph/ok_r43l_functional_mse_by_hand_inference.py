@torch.inference_mode()
def evaluate(net, X, y):
    return ((net(X) - y) ** 2).mean()

val_loss = evaluate(model, X_val, y_val)
