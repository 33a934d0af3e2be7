# expect: cannot tell how much was saved
# inside a torch.func transform (the observers' saved-tensor hook off, the outer level's recording off),
# step out of functorch's level and build the block's graph at the outer level with recording on
from torch.utils.checkpoint import checkpoint
from torch._functorch.pyfunctorch import temporarily_pop_interpreter_stack
n_saved = 0
def pack(t):
    global n_saved
    n_saved += 1
    return t
with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    checkpoint(torch.neg, torch.zeros(1), use_reentrant=False)
box = []
def f(t):
    with temporarily_pop_interpreter_stack():
        with torch.enable_grad():
            box.append(block(x).sum())
    return t.sum()
torch.func.grad(f)(torch.zeros(2))
out = box[0]
out.backward()
