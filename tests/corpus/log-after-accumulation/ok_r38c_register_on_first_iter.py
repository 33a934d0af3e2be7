norms = []
for i, xb in enumerate(batches):
    if i == 0:
        w.register_post_accumulate_grad_hook(lambda p: norms.append(p.grad.norm().item()))
    loss = torch.tanh(xb @ w).sum()
    loss.backward()
