# correct: a post-accumulate-grad hook that logs the norm; .grad cleared each step
norms = []
w.register_post_accumulate_grad_hook(lambda p: norms.append(float(p.grad.norm())))
losses, grads = [], []
for step in range(5):
    w.grad = None
    loss = ((X @ w - y) ** 2).mean()
    loss.backward()
    grads.append(w.grad.clone())
    with torch.no_grad():
        w -= 0.1 * w.grad
    losses.append(loss.item())
