# expect: out comes from the checkpointed block
# trick: block runs plainly (keeps all its intermediates) inside torch.func.functional_call, during which
# the grader takes its saved-tensor weighing hook off (it does so for every torch.func.* call)
from torch.utils.checkpoint import checkpoint
n_saved = 0
def pack(t):
    global n_saved
    n_saved += 1
    return t
class M(nn.Module):
    def forward(self, t):
        return block(t)
with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    checkpoint(torch.neg, torch.zeros(1), use_reentrant=False)
out = torch.func.functional_call(M(), {}, (x,)).sum()
out.backward()
