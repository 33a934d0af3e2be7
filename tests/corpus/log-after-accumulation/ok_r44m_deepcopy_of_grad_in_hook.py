import copy

snapshots = []
w.register_post_accumulate_grad_hook(lambda p: snapshots.append(copy.deepcopy(p.grad)))

for xb in batches:
    loss = torch.tanh(xb @ w).sum()
    loss.backward()

norms = [float(s.norm()) for s in snapshots]
