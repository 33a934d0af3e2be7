# the hook is registered through another name bound to the same tensor
param = w
norms = []
param.register_post_accumulate_grad_hook(lambda p: norms.append(p.grad.norm().item()))
for xb in batches:
    loss = torch.tanh(xb @ w).sum()
    loss.backward()
