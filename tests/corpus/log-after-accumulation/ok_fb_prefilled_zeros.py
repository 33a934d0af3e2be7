# ok: w.grad started as zeros, post-accumulate hook logs a copy's norm
w.grad = torch.zeros_like(w)
norms = []
w.register_post_accumulate_grad_hook(lambda p: norms.append(float(p.grad.detach().clone().norm())))

for xb in batches:
    loss = torch.tanh(xb @ w).sum()
    loss.backward()
