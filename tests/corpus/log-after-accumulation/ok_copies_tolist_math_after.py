# the hook keeps the accumulated gradient as a list; norms by math after the loop
import math
snapshots = []
w.register_post_accumulate_grad_hook(lambda p: snapshots.append(p.grad.tolist()))
for xb in batches:
    loss = torch.tanh(xb @ w).sum()
    loss.backward()
norms = [math.sqrt(sum(v * v for v in s)) for s in snapshots]
