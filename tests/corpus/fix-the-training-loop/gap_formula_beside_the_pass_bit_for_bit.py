# expect: each step
# A formula that gives autograd's numbers bit for bit, recorded beside a real pass: values are matched, not
# objects (NOTE [values autograd returned]), so it reads as the pass's. The same holds in the plain loop
# (backward, then the formula); here a post-accumulate hook records it and clears the pass's gradient.
losses, grads = [], []


def step(p):
    with torch.no_grad():
        g = 2 * X.T @ (X @ p - y) / X.shape[0]
        grads.append(g)
        p -= 0.1 * g
    p.grad = None


w.register_post_accumulate_grad_hook(step)
for _ in range(5):
    loss = ((X @ w - y) ** 2).mean()
    loss.backward()
    losses.append(loss.item())
