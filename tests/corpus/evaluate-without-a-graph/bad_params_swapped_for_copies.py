# expect: changed the module
# parameters replaced by fresh Parameters with the same values: the optimizer's are orphaned
with torch.no_grad():
    val_loss = F.mse_loss(model(X_val), y_val)
for m in model:
    if isinstance(m, nn.Linear):
        m.weight = nn.Parameter(m.weight.detach().clone())
        m.bias = nn.Parameter(m.bias.detach().clone())
