norms: list[float] = []

def log_norm(param: torch.Tensor) -> None:
    norms.append(float(torch.linalg.vector_norm(param.grad)))

handle = w.register_post_accumulate_grad_hook(log_norm)

for xb in batches:
    loss = torch.tanh(xb @ w).sum()
    loss.backward()

handle.remove()
