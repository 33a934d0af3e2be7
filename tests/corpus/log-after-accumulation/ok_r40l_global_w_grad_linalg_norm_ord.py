norms = []

def after_acc(_):
    norms.append(float(torch.linalg.norm(w.grad, ord=2)))

handle = w.register_post_accumulate_grad_hook(after_acc)

for xb in batches:
    loss = torch.tanh(xb @ w).sum()
    loss.backward()
