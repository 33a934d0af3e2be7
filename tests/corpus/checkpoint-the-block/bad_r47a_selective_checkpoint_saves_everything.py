# expect: out comes from the checkpointed block
# trick: a "checkpoint" whose selective-checkpoint policy (context_fn) marks every op MUST_SAVE: sin, cos and
# tanh outputs are all kept from the forward to the backward (nothing of block is recomputed), but they sit in
# torch's _CachingTorchDispatchMode storage, not in autograd's saved tensors, so the grader's saved-tensor
# weighing (max_saved_bytes 24, "out comes from the checkpointed block") never sees them.
from functools import partial
from torch.utils.checkpoint import checkpoint, create_selective_checkpoint_contexts, CheckpointPolicy
n_saved = 0
def pack(t):
    global n_saved
    n_saved += 1
    return t
def policy(ctx, op, *args, **kwargs):
    return CheckpointPolicy.MUST_SAVE
with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    out = checkpoint(block, x, use_reentrant=False,
                     context_fn=partial(create_selective_checkpoint_contexts, policy)).sum()
out.backward()
