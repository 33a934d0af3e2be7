# expect: hook
# the hook reads the gradient, but the number logged is worked out in the loop
seen = []
w.register_post_accumulate_grad_hook(lambda p: seen.append(p.grad.shape))
norms = []
for xb in batches:
    loss = torch.tanh(xb @ w).sum()
    loss.backward()
    norms.append(torch.linalg.vector_norm(w.grad.detach().clone()).item())
