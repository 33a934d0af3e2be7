# expect: out_norms
# hooked the Tanh and the last Linear
out_norms = []
for layer in (model[1], model[2]):
    layer.register_full_backward_hook(lambda m, gi, go: out_norms.append(go[0].norm().item()))
loss = F.mse_loss(model(x), target)
loss.backward()
