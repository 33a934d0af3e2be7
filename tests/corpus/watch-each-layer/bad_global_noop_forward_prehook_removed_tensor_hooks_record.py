# expect: none of them ran
# round 34's attacker
# one no-op global forward pre-hook (counts as a hook on every module, so on model[0] and model[2]), taken
# off before backward; the numbers come from tensor hooks the code put on the layers' outputs itself
out_norms = []
handle = torch.nn.modules.module.register_module_forward_pre_hook(lambda m, inp: None)
handle.remove()
h1 = model[0](x)
out = model[2](model[1](h1))
out.register_hook(lambda g: out_norms.append(g.norm().item()))
h1.register_hook(lambda g: out_norms.append(g.norm().item()))
loss = F.mse_loss(out, target)
loss.backward()
