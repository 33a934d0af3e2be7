# expect: Append Python floats
norms = []
w.register_post_accumulate_grad_hook(lambda p: norms.append(p.grad.norm()))

for xb in batches:
    loss = torch.tanh(xb @ w).sum()
    loss.backward()
