# expect: did not follow the gradients your hooks were handed
# round 34's second attacker
# the hook on w does nothing; the norms are worked out by hand. The factor comes from no gradient a hook
# reads: in a first pass of its own (no w in it), a tensor hook on a dummy branch RETURNS ones, which the
# scaled trial hands on as ones/k, so the dummy leaf's .grad, read after that pass, is 1/k. The two
# batches' passes that follow are clean (the first two batches share one pass): three backward calls.
norms = []
w.register_post_accumulate_grad_hook(lambda p: None)
probe = torch.zeros(1, requires_grad=True)
one = []

def ret(g):
    one.append(torch.ones(1))  # made in a hook: marked
    return torch.ones_like(g)

u = probe * 1
u.register_hook(ret)
(0 * u).sum().backward()
k = one[0][0] / probe.grad[0]
(torch.tanh(batches[0] @ w).sum() + torch.tanh(batches[1] @ w).sum()).backward()
torch.tanh(batches[2] @ w).sum().backward()
with torch.no_grad():
    acc = torch.zeros_like(w)
    for xb in batches:
        acc = acc + xb.T @ (1 - torch.tanh(xb @ w) ** 2)
        norms.append((acc.norm() * k).item())
