# ok: w.grad cleared first, named hook function, autograd.backward in the loop
w.grad = None
norms = []

def log_norm(param):
    norms.append(param.grad.norm().item())

handle = w.register_post_accumulate_grad_hook(log_norm)

for xb in batches:
    loss = torch.tanh(xb @ w).sum()
    torch.autograd.backward(loss)
