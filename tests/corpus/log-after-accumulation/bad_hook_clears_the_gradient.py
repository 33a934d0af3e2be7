# expect: took it away afterwards
# WRONG: the hook clears the gradient after logging (no accumulation)
norms = []
def log(p):
    norms.append(p.grad.norm().item())
    p.grad = None
w.register_post_accumulate_grad_hook(log)
for xb in batches:
    loss = torch.tanh(xb @ w).sum()
    loss.backward()
