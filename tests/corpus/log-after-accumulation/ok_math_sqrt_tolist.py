# tolist() in the hook, the norm by hand with math
import math
norms = []
w.register_post_accumulate_grad_hook(
    lambda p: norms.append(math.sqrt(sum(v * v for v in p.grad.tolist()))))
for xb in batches:
    loss = torch.tanh(xb @ w).sum()
    loss.backward()
