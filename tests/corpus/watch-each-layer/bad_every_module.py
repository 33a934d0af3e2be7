# expect: out_norms
out_norms = []
for m in model:
    m.register_full_backward_hook(lambda mod, gi, go: out_norms.append(go[0].norm().item()))
loss = F.mse_loss(model(x), target)
loss.backward()
