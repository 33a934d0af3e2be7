# expect: out_norms
# hooks registered after the backward pass: nothing recorded
out_norms = []
loss = F.mse_loss(model(x), target)
loss.backward()
for layer in (model[0], model[2]):
    layer.register_full_backward_hook(lambda m, gi, go: out_norms.append(go[0].norm().item()))
