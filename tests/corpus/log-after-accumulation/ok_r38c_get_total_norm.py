from torch.nn.utils import get_total_norm
norms = []
w.register_post_accumulate_grad_hook(lambda p: norms.append(get_total_norm([p.grad]).item()))

for xb in batches:
    loss = torch.tanh(xb @ w).sum()
    loss.backward()
