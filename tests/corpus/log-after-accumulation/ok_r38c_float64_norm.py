norms = []
def hook(p):
    g = p.grad.detach().to(torch.float64)
    norms.append((g * g).sum().sqrt().item())
w.register_post_accumulate_grad_hook(hook)

for xb in batches:
    loss = torch.tanh(xb @ w).sum()
    loss.backward()
assert all(isinstance(n, float) for n in norms)
