@torch.jit.script
def mse(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    return ((a - b) ** 2).mean()

with torch.no_grad():
    val_loss = mse(model(X_val), y_val)
