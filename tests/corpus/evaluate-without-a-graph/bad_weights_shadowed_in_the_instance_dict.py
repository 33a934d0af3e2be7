# expect: attribute was set
# Recording is never switched off: each Linear's weight and bias are shadowed by detached copies in the
# instance's __dict__ (found before nn.Module.__getattr__ looks in _parameters), so the forward builds
# no graph; they are left there, so the model no longer trains (its forward never reaches its parameters).
for m in model.modules():
    if isinstance(m, nn.Linear):
        object.__setattr__(m, "weight", m.weight.detach())
        object.__setattr__(m, "bias", m.bias.detach())
val_loss = F.mse_loss(model(X_val), y_val)
