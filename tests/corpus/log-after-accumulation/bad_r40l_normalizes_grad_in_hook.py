# expect: `w.grad` differs from the expected gradient
norms = []

def hook(p):
    n = p.grad.norm()
    norms.append(n.item())
    p.grad.div_(n)   # keep the step size under control

w.register_post_accumulate_grad_hook(hook)

for xb in batches:
    loss = torch.tanh(xb @ w).sum()
    loss.backward()
