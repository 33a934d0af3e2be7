norms = []

def record(param):
    norms.append(param.grad.pow(2).sum().sqrt().item())

handle = w.register_post_accumulate_grad_hook(record)

for xb in batches:
    loss = torch.tanh(xb @ w).sum()
    loss.backward()
handle.remove()
