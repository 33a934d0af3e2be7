# expect: registered after it
# WRONG: hook registered after the loop
norms = []
for xb in batches:
    loss = torch.tanh(xb @ w).sum()
    loss.backward()
w.register_post_accumulate_grad_hook(lambda p: norms.append(p.grad.norm().item()))
