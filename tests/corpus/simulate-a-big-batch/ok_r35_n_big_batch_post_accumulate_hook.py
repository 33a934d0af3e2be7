# simulate-a-big-batch: post-accumulate hooks that only read the gradient
seen = []
for p in (w, b):
    p.register_post_accumulate_grad_hook(lambda t: seen.append(t.grad.norm().item()))
steps = 4
for xb, yb in zip(X.split(2), y.split(2)):
    loss = F.mse_loss(model(xb), yb) / steps
    loss.backward()
