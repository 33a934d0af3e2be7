# expect: out_norms
out_norms = []
for i in (0, 2):
    model[i].register_full_backward_hook(lambda m, gi, go: out_norms.append(0.0 if gi[0] is None else gi[0].norm().item()))
loss = F.mse_loss(model(x), target)
loss.backward()
