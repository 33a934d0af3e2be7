# expect: norms
norms = []

for xb in batches:
    w.register_post_accumulate_grad_hook(lambda p: norms.append(p.grad.norm().item()))
    loss = torch.tanh(xb @ w).sum()
    loss.backward()
