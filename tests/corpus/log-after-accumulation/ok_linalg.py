norms = []
w.register_post_accumulate_grad_hook(lambda t: norms.append(torch.linalg.vector_norm(t.grad).item()))

for batch in batches:
    torch.tanh(batch @ w).sum().backward()
