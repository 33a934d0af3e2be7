# expect: has changed the size of value
# WRONG (my first try): the lambda returns what setdefault returns, a tensor; torch raises
kept = {}
w.register_post_accumulate_grad_hook(lambda p: kept.setdefault(len(kept), p.grad.abs().pow(2).sum().sqrt()))
for xb in batches:
    loss = torch.tanh(xb @ w).sum()
    loss.backward()
norms = torch.stack([kept[i] for i in range(len(kept))]).tolist()
