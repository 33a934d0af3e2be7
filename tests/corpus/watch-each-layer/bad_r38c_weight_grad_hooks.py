# expect: hook
out_norms = []
for layer in (model[2], model[0]):
    pass
model[2].weight.register_hook(lambda g: out_norms.append(g.norm().item()))
model[0].weight.register_hook(lambda g: out_norms.append(g.norm().item()))
loss = F.mse_loss(model(x), target)
loss.backward()
