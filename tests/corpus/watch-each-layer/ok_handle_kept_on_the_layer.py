out_norms = []
for i in (0, 2):
    model[i].hook_handle = model[i].register_full_backward_hook(
        lambda m, gi, go: out_norms.append(go[0].norm().item()))
loss = F.mse_loss(model(x), target)
loss.backward()
