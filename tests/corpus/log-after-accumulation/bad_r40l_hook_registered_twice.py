# expect: `norms` has 6 items, expected 3
norms = []
log = lambda p: norms.append(p.grad.norm().item())
w.register_post_accumulate_grad_hook(log)
w.register_post_accumulate_grad_hook(log)   # (cell run twice)

for xb in batches:
    loss = torch.tanh(xb @ w).sum()
    loss.backward()
