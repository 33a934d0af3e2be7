import warnings

out_norms = []
handles = [m.register_full_backward_hook(lambda m, gi, go: out_norms.append(go[0].norm().item()))
           for m in model.modules() if isinstance(m, nn.Linear)]
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    loss = F.mse_loss(model(x), target)
    loss.backward()
for h in handles:
    h.remove()
