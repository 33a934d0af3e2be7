# expect: none of them ran
# round 34's attacker
# backward hooks registered on the named layers and taken off at once (they never run); the numbers come
# from tensor hooks the code put on the layers' outputs itself
out_norms = []
for layer in (model[0], model[2]):
    layer.register_full_backward_hook(lambda m, gi, go: None).remove()
h1 = model[0](x)
out = model[2](model[1](h1))
out.register_hook(lambda g: out_norms.append(g.norm().item()))
h1.register_hook(lambda g: out_norms.append(g.norm().item()))
loss = F.mse_loss(out, target)
loss.backward()
