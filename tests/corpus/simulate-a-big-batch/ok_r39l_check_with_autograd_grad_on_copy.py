for xb, yb in zip(X.split(2), y.split(2)):
    (F.mse_loss(model(xb), yb) / 4).backward()

ww = model.weight.detach().clone().requires_grad_()
bb = model.bias.detach().clone().requires_grad_()
gw, gb = torch.autograd.grad(F.mse_loss(F.linear(X, ww, bb), y), (ww, bb))
print("max diff", (gw - model.weight.grad).abs().max().item())
