lin1, act, lin2 = model
with torch.no_grad():
    h = act(F.linear(X_val, lin1.weight, lin1.bias))
    pred = h @ lin2.weight.T + lin2.bias
    val_loss = ((pred - y_val) ** 2).mean()
