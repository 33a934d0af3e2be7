with torch.inference_mode():
    total = torch.zeros((), device=X_val.device)
    for xc, yc in zip(X_val.split(4), y_val.split(4)):
        total += F.mse_loss(model(xc), yc, reduction="sum")
    val_loss = total / y_val.numel()
