@torch.inference_mode()
def run(layers, h):
    for layer in layers:
        h = layer(h)
    return h

val_loss = F.mse_loss(run(list(model), X_val), y_val)
val_loss = val_loss.clone()   # an ordinary tensor (cloned outside inference mode)
