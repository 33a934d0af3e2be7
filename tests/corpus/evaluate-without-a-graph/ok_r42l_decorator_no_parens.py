@torch.no_grad
def evaluate(net: nn.Module) -> torch.Tensor:
    return F.mse_loss(net(X_val), y_val)

val_loss = evaluate(model)
