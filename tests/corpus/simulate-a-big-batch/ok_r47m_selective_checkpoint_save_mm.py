from functools import partial
from torch.utils.checkpoint import checkpoint, create_selective_checkpoint_contexts

ctx_fn = partial(create_selective_checkpoint_contexts, [torch.ops.aten.addmm.default])
for xb, yb in zip(X.split(2), y.split(2)):
    pred = checkpoint(model, xb, use_reentrant=False, context_fn=ctx_fn)
    (F.mse_loss(pred, yb) / 4).backward()
