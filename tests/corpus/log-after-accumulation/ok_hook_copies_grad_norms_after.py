# the hook keeps a copy of the accumulated gradient; the norms are taken after the loop
snapshots = []

def keep(p):
    snapshots.append(p.grad.detach().clone())

w.register_post_accumulate_grad_hook(keep)
for xb in batches:
    loss = torch.tanh(xb @ w).sum()
    loss.backward()
norms = [g.norm().item() for g in snapshots]
