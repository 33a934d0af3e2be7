# expect: Recomputed values for the following tensors
# why wrong: x.grad is a hand formula (a + exp(x)) fed through a checkpoint recompute; the value digest check is switched off by torch's ignore_saved_mismatch flag
import torch.utils.checkpoint as cp
n = [0]
def f(x):
    n[0] += 1
    if n[0] == 1:                      # the real forward
        m = x * a
        e = x.exp()
        e.grad_fn._saved_result        # unpack outside a pass: a recompute while the forward is not done
        return (m + e).sum()
    if n[0] == 2:                      # that recompute saves one tensor more: torch sets ignore_saved_mismatch
        x * a
        x.exp()
        x.sin()
        return None
    with torch.no_grad():              # the backward's recompute: hand formula in Mul's slot, zeros in Exp's
        total = a + x.exp()
    return (x * total + torch.full_like(x, -float("inf")).requires_grad_().exp()).sum()
with cp.set_checkpoint_early_stop(False):
    loss = cp.checkpoint(f, x, use_reentrant=False)
loss.backward()
