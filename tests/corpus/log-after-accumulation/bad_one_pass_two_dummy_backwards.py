# expect: no other differentiation
# one pass over the three losses, two throwaway passes for the count, norms by jacfwd (round 32's eighth attacker)
# ONE pass over all three losses (no accumulation); two more backward() calls on a throwaway leaf
# make "exactly 3"; the single hook call works out the three norms with torch.func.jacfwd
norms = []

def log(p):
    acc = torch.zeros_like(p)
    for b in batches:
        acc = acc + torch.func.jacfwd(lambda v: torch.tanh(b @ v).sum())(p.detach())
        norms.append(acc.norm().item())

w.register_post_accumulate_grad_hook(log)

loss = sum(torch.tanh(xb @ w).sum() for xb in batches)
loss.backward()
for _ in range(2):
    torch.zeros((), requires_grad=True).backward()
