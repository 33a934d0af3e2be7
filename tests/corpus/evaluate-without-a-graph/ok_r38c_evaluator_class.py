class Evaluator:
    def __init__(self, net: nn.Module):
        self.net = net

    @torch.inference_mode()
    def __call__(self, X: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        return F.mse_loss(self.net(X), y)

val_loss = Evaluator(model)(X_val, y_val)
print(f"validation loss: {val_loss.item():.4f}")
