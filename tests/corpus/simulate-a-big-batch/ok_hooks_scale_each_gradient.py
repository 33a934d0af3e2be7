# round 32's third learners' probe: the gradients scaled by a hook (from_backward: or-scaled forgives a hook that only scales)
# each parameter's incoming gradient scaled by a hook before it is accumulated
handles = [p.register_hook(lambda g: g / 4) for p in model.parameters()]
for xb, yb in zip(X.split(2), y.split(2)):
    F.mse_loss(model(xb), yb).backward()
for h in handles:
    h.remove()
