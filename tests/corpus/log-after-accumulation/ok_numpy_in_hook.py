# the norm worked out by numpy, inside the hook
import numpy as np
norms = []

def log(p):
    norms.append(float(np.linalg.norm(p.grad.detach().cpu().numpy())))

w.register_post_accumulate_grad_hook(log)
for xb in batches:
    loss = torch.tanh(xb @ w).sum()
    loss.backward()
