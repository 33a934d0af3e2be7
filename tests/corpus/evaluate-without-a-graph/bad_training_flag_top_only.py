# expect: changed the module
# eval() for the evaluation, then only the top-level flag put back: the layers stay in eval mode
model.eval()
with torch.no_grad():
    val_loss = F.mse_loss(model(X_val), y_val)
model.training = True
