# expect: `norms`[0] is
norms = []
w.register_post_accumulate_grad_hook(lambda p: norms.append(p.grad.abs().max().item()))

for xb in batches:
    loss = torch.tanh(xb @ w).sum()
    loss.backward()
