# ok: a forward hook logs the output's shape during the evaluation, and is removed after it
shapes = []
handle = model.register_forward_hook(lambda m, inp, out: shapes.append(tuple(out.shape)))
with torch.no_grad():
    val_loss = F.mse_loss(model(X_val), y_val)
handle.remove()
