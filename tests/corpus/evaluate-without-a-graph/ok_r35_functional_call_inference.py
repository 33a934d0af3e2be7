params = {name: p for name, p in model.named_parameters()}
with torch.inference_mode():
    out = torch.func.functional_call(model, params, (X_val,))
    val_loss = F.mse_loss(out, y_val)
