norms = []
w.register_post_accumulate_grad_hook(lambda p: norms.append(p.grad.norm().item()))

for xb in batches:
    loss = torch.tanh(xb @ w).sum()
    torch.autograd.backward(loss)
