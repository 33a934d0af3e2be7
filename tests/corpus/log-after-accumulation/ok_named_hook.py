norms = []

def log_norm(param):
    norms.append(float(param.grad.norm()))

w.register_post_accumulate_grad_hook(log_norm)
for xb in batches:
    loss = torch.tanh(xb @ w).sum()
    loss.backward()
