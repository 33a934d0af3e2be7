# PyTorch's "How to save memory by fusing the optimizer step into the backward pass" recipe: the step
# and zero_grad run in a post-accumulate hook, so no pass leaves a gradient behind in w.grad.
opt = torch.optim.SGD([w], lr=0.1)
losses, grads = [], []


def step_in_backward(p):
    grads.append(p.grad.clone())
    opt.step()
    opt.zero_grad()


w.register_post_accumulate_grad_hook(step_in_backward)
for _ in range(5):
    loss = ((X @ w - y) ** 2).mean()
    loss.backward()
    losses.append(loss.item())
