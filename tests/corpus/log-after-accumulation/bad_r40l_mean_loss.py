# expect: Every entry of `norms` is 0.5 times the expected one
norms = []
w.register_post_accumulate_grad_hook(lambda p: norms.append(p.grad.norm().item()))

for xb in batches:
    loss = torch.tanh(xb @ w).mean()
    loss.backward()
