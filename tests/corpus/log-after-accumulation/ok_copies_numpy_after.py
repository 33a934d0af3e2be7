# the hook keeps copies of the accumulated gradient; numpy norms after the loop
import numpy as np
snapshots = []
w.register_post_accumulate_grad_hook(lambda p: snapshots.append(p.grad.detach().clone()))
for xb in batches:
    loss = torch.tanh(xb @ w).sum()
    loss.backward()
norms = [float(np.linalg.norm(s.numpy())) for s in snapshots]
