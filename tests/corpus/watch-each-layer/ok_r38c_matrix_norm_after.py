kept = []
for layer in (model[0], model[2]):
    layer.register_full_backward_hook(lambda m, gi, go: kept.append(go[0].detach().clone()))
loss = F.mse_loss(model(x), target)
loss.backward()
out_norms = [float(torch.linalg.matrix_norm(g, ord="fro")) for g in kept]
