# expect: norms
# round 34's attacker
# the norms are read in the loop, after each backward, from w.grad; the post-accumulate hook on w only makes
# a one-element tensor holding the factor (1, or k on the scaled trial, read off its leaf's scaled .grad
# divided by the same .grad read unscaled outside), and the loop's number goes through it, so it counts as
# the hook's
norms = []
factor = []

def carry(p):
    with torch.no_grad():
        factor[:] = [p.grad.norm() / seen[0]]

w.register_post_accumulate_grad_hook(carry)

for xb in batches:
    seen = [None]
    loss = torch.tanh(xb @ w).sum()
    # what w.grad will hold after this pass, worked out by hand only to divide by it
    with torch.no_grad():
        g = xb.T @ (1 - torch.tanh(xb @ w) ** 2)
        seen[0] = (g if w.grad is None else w.grad + g).norm()
    loss.backward()
    norms.append((w.grad.norm() * factor[0]).item())
