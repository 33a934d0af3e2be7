# expect: stopped at the error above before any backward pass ran
# round 36's learner: a hook on `w.data` raises before any pass (the words asked for a backward() that was there)
norms = []
w.data.register_post_accumulate_grad_hook(lambda p: norms.append(p.grad.norm().item()))

for xb in batches:
    loss = torch.tanh(xb @ w).sum()
    loss.backward()
