# expect: hooks
# the last layer's hook keeps grad_output and grad_input; the first layer's gradient is finished by hand
kept = {}
model[0].register_full_backward_hook(lambda m, gi, go: None)
model[2].register_full_backward_hook(lambda m, gi, go: kept.update(go=go[0], gi=gi[0]))
h = torch.tanh(model[0](x)).detach()
loss = F.mse_loss(model(x), target)
loss.backward()
g1 = kept["gi"] * (1 - h ** 2)
out_norms = [kept["go"].norm().item(), g1.norm().item()]
