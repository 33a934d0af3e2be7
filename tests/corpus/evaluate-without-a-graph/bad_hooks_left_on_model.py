# expect: changed the module
# recording switched off by hooks put on the model ... and left there for training
def off(m, inp):
    torch.set_grad_enabled(False)
def on(m, inp, out):
    torch.set_grad_enabled(True)
model.register_forward_pre_hook(off)
model.register_forward_hook(on)
val_loss = F.mse_loss(model(X_val), y_val)
