# expect: hooks on model[0], model[2]
# round 34's attacker
# two module hooks that do nothing, now on the named layers, for the count; the numbers come from tensor
# hooks the code put on the layers' outputs itself (bad_noop_module_hooks_tensor_hooks_record with the no-op
# hooks moved onto model[0] and model[2])
out_norms = []
model[0].register_forward_pre_hook(lambda m, inp: None)
model[2].register_forward_pre_hook(lambda m, inp: None)
h1 = model[0](x)
out = model[2](model[1](h1))
out.register_hook(lambda g: out_norms.append(g.norm().item()))
h1.register_hook(lambda g: out_norms.append(g.norm().item()))
loss = F.mse_loss(out, target)
loss.backward()
