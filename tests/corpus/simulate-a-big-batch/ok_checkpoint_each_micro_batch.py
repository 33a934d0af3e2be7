from torch.utils.checkpoint import checkpoint
steps = 4
for xb, yb in zip(X.split(2), y.split(2)):
    loss = checkpoint(lambda a, b: F.mse_loss(model(a), b), xb, yb, use_reentrant=False) / steps
    loss.backward()
