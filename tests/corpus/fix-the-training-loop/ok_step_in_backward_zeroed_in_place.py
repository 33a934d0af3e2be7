# The step in a post-accumulate hook, by hand, and the gradient zeroed in place (not set to None).
losses, grads = [], []


def step(p):
    grads.append(p.grad.detach().clone())
    with torch.no_grad():
        p -= 0.1 * p.grad
    p.grad.zero_()


w.register_post_accumulate_grad_hook(step)
for _ in range(5):
    loss = ((X @ w - y) ** 2).mean()
    loss.backward()
    losses.append(loss.item())
