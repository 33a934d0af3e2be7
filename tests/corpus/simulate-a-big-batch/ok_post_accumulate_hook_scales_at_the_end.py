# round 32's third learners' probe: the gradients scaled by a hook (from_backward: or-scaled forgives a hook that only scales)
# accumulate plainly; scale once the last micro-batch has been accumulated, from a post-accumulate hook
n_micro = 4
seen = {}

def scale_after_last(p):
    seen[p] = seen.get(p, 0) + 1
    if seen[p] == n_micro:
        p.grad.div_(n_micro)

for p in model.parameters():
    p.register_post_accumulate_grad_hook(scale_after_last)
for xb, yb in zip(X.split(2), y.split(2)):
    F.mse_loss(model(xb), yb).backward()
