for xb, yb in zip(X.split(2), y.split(2)):
    loss = F.mse_loss(model(xb), yb) / 4
    loss.backward()

# check against the full batch without touching model
W = model.weight.detach().clone().requires_grad_()
B = model.bias.detach().clone().requires_grad_()
gW, gB = torch.autograd.grad(F.mse_loss(F.linear(X, W, B), y), (W, B))
assert torch.allclose(gW, model.weight.grad, atol=1e-6)
assert torch.allclose(gB, model.bias.grad, atol=1e-6)
