# expect: no other differentiation
# three passes; the first hook call works out all three norms (round 32's seventh attacker)
# the hook on w records all three accumulated norms during the FIRST pass (autograd over the batches
# still to come, inside the hook); passes 2 and 3 record nothing: nothing is read "after each backward"
norms = []

def log(p):
    if norms:
        return
    acc = p.grad.detach().clone()
    norms.append(acc.norm().item())
    for b in batches[1:]:
        with torch.enable_grad():
            wd = p.detach().requires_grad_()
            acc = acc + torch.autograd.grad(torch.tanh(b @ wd).sum(), wd)[0]
        norms.append(acc.norm().item())

w.register_post_accumulate_grad_hook(log)

for xb in batches:
    loss = torch.tanh(xb @ w).sum()
    loss.backward()
