# expect: `norms` has 1 item, expected 3
norms = []
w.register_post_accumulate_grad_hook(lambda p: norms.append(p.grad.norm().item()))

for xb in batches:
    norms = []
    loss = torch.tanh(xb @ w).sum()
    loss.backward()
