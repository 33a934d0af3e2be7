from functools import partial

def record(out: list, p: torch.Tensor) -> None:
    out.append(float(torch.linalg.norm(p.grad)))

norms = []
w.register_post_accumulate_grad_hook(partial(record, norms))

for xb in batches:
    loss = torch.tanh(xb @ w).sum()
    loss.backward()
