# expect: of `grad_output[0]` (the gradient with respect to the layer's output)
out_norms = []
for layer in (model[2], model[0]):
    layer.weight.register_hook(lambda g: out_norms.append(g.norm().item()))
loss = F.mse_loss(model(x), target)
loss.backward()
