# expect: no other differentiation
# the first hook call works out all three norms with torch.autograd.functional.vjp (round 32's eighth attacker)
# three passes; the first hook works out all three norms with torch.autograd.functional.vjp (not in the list)
norms = []

def log(p):
    if norms:
        return
    acc = p.grad.detach().clone()
    norms.append(acc.norm().item())
    for b in batches[1:]:
        with torch.enable_grad():
            acc = acc + torch.autograd.functional.vjp(lambda v: torch.tanh(b @ v).sum(), p.detach())[1]
        norms.append(acc.norm().item())

w.register_post_accumulate_grad_hook(log)

for xb in batches:
    loss = torch.tanh(xb @ w).sum()
    loss.backward()
