# expect: out_norms
# round 34's attacker
# the norms come from retained gradients after backward (as bad_noop_hooks_retain_grad); the layers' hooks only
# make a tensor holding the factor, read off a dummy leaf whose .grad was set to 1 by hand (a .grad read in a
# hook is scaled); the after-backward numbers go through that marked tensor, so they count as the hooks'
out_norms = []
factor = []
probe = torch.zeros(1, requires_grad=True)
probe.grad = torch.ones(1)
for i in (0, 2):
    model[i].register_full_backward_hook(lambda m, gi, go: factor.__setitem__(slice(None), [probe.grad[0] * 1]))
h0 = model[0](x)
out = model[2](model[1](h0))
h0.retain_grad()
out.retain_grad()
loss = F.mse_loss(out, target)
loss.backward()
out_norms = [(out.grad.norm() * factor[0]).item(), (h0.grad.norm() * factor[0]).item()]
