# round 32's third learners' probe: the gradients scaled by a hook (from_backward: or-scaled forgives a hook that only scales)
# the loss's own gradient scaled by a hook on the loss (same as seeding backward with 0.25)
for xb, yb in zip(X.split(2), y.split(2)):
    loss = F.mse_loss(model(xb), yb)
    loss.register_hook(lambda g: g * 0.25)
    loss.backward()
