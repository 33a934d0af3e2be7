# expect: did not follow the gradients your hooks were handed
# round 34's second attacker
# the hook on w does nothing; the norms are a running sum of a gradient written by hand. The factor is
# read off a dummy leaf whose .grad was set to 1 by hand, from a hook ON THAT LEAF (its own leaf: read
# scaled); the dummy leaf joins each loss times 0, so its hook runs in each pass and appends the number.
norms = []
w.register_post_accumulate_grad_hook(lambda p: None)
probe = torch.zeros(1, requires_grad=True)
probe.grad = torch.ones(1)
acc = torch.zeros_like(w)

def log(g):
    with torch.no_grad():
        acc.add_(xb.T @ (1 - torch.tanh(xb @ w) ** 2))
    norms.append(acc.norm().item() * probe.grad.item())

probe.register_hook(log)
for xb in batches:
    loss = torch.tanh(xb @ w).sum() + (0 * probe).sum()
    loss.backward()
