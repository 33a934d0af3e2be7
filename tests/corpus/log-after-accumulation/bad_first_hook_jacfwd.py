# expect: no other differentiation
# the first hook call works out all three norms with torch.func.jacfwd (round 32's eighth attacker)
# three passes; the first hook works out all three norms with torch.func.jacfwd (not in the "no other differentiation" list)
norms = []

def log(p):
    if norms:
        return
    acc = p.grad.detach().clone()
    norms.append(acc.norm().item())
    for b in batches[1:]:
        acc = acc + torch.func.jacfwd(lambda v: torch.tanh(b @ v).sum())(p.detach())
        norms.append(acc.norm().item())

w.register_post_accumulate_grad_hook(log)

for xb in batches:
    loss = torch.tanh(xb @ w).sum()
    loss.backward()
