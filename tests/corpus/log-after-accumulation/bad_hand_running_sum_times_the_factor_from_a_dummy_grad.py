# expect: did not follow the gradients your hooks were handed
# round 34's attacker
# the hook on w does not read w.grad: it adds up a hand-written gradient of the loop's batch, and multiplies
# the norm by the factor read off a dummy leaf whose .grad was set to 1 by hand (a .grad read in a hook is scaled)
norms = []
acc = torch.zeros_like(w)
probe = torch.zeros(1, requires_grad=True)
probe.grad = torch.ones(1)

def log(p):
    g = xb.T @ (1 - torch.tanh(xb @ p.detach()) ** 2)
    acc.add_(g)
    norms.append(acc.norm().item() * probe.grad.item())

w.register_post_accumulate_grad_hook(log)

for xb in batches:
    loss = torch.tanh(xb @ w).sum()
    loss.backward()
