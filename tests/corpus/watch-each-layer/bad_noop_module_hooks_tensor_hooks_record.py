# expect: hooks on model[0], model[2]
out_norms = []
# Two module hooks that do nothing, for the count; the numbers come from tensor hooks.
model[1].register_full_backward_hook(lambda m, gi, go: None)
model.register_full_backward_pre_hook(lambda m, go: None)
h1 = model[0](x)
out = model[2](model[1](h1))
out.register_hook(lambda g: out_norms.append(g.norm().item()))
h1.register_hook(lambda g: out_norms.append(g.norm().item()))
loss = F.mse_loss(out, target)
loss.backward()
