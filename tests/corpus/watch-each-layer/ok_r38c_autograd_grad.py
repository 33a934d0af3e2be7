out_norms = []
for layer in (model[0], model[2]):
    layer.register_full_backward_hook(lambda m, gi, go: out_norms.append(go[0].norm().item()))
loss = F.mse_loss(model(x), target)
grads = torch.autograd.grad(loss, list(model.parameters()))
