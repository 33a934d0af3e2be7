# expect: And it was set by your code
norms = []
w.register_post_accumulate_grad_hook(lambda p: norms.append(p.grad.norm().item()))

for xb in batches:
    loss = torch.tanh(xb @ w).sum()
    loss.backward()

w.grad /= len(batches)           # average the accumulated gradient
