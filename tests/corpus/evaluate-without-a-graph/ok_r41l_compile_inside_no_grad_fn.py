@torch.compile(backend="eager")
@torch.no_grad()
def evaluate(m, xs, ys):
    return F.mse_loss(m(xs), ys)

val_loss = evaluate(model, X_val, y_val)
