# expect: backward
# one pass over the three losses; the hook works out every norm with torch.autograd.grad (round 32's seventh attacker)
# ONE backward pass over all three micro-batches at once (no accumulation at all); the single hook
# call works out the three "accumulated" norms with autograd per batch
norms = []

def log(p):
    acc = torch.zeros_like(p)
    for b in batches:
        with torch.enable_grad():
            wd = p.detach().requires_grad_()
            acc = acc + torch.autograd.grad(torch.tanh(b @ wd).sum(), wd)[0]
        norms.append(acc.norm().item())

w.register_post_accumulate_grad_hook(log)

loss = sum(torch.tanh(xb @ w).sum() for xb in batches)
loss.backward()
